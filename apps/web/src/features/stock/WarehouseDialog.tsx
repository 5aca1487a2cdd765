import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWarehouse } from '@servicedesk/api/stock/stock-mutations';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { stockErrorText } from './stock-display';
import * as f from '../shared/forms.css';

/** The new-warehouse form: name, keeper (a user). */
export function WarehouseDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const users = useUsersNameAndId();
  const save = useSaveWarehouse();
  const [name, setName] = useState('');
  const [keeperId, setKeeperId] = useState<string | null>(null);
  return (
    <Dialog
      title={t('stock.warehouses.newWarehouse')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      closeLabel={t('close')}
      footer={
        <Button
          isDisabled={!name.trim()}
          isPending={save.isPending}
          onPress={() =>
            save.mutate(
              { name, keeperId: keeperId ? Number(keeperId) : null },
              { onSuccess: () => onOpenChange(false) },
            )
          }
        >
          {t('save')}
        </Button>
      }
    >
      <div className={f.form}>
        {save.isError ? (
          <p className={f.error} role="alert">
            {stockErrorText(t, save.error, i18n.language)}
          </p>
        ) : null}
        <TextField
          label={t('stock.columns.warehouse')}
          value={name}
          onChange={setName}
          isRequired
        />
        <Select
          placeholder={t('stock.choose')}
          label={t('stock.columns.keeper')}
          items={(users.data ?? []).map((u) => ({ id: String(u.id), label: u.name }))}
          selectedKey={keeperId}
          onSelectionChange={(key) => setKeeperId(key === null ? null : String(key))}
        />
      </div>
    </Dialog>
  );
}
