import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseQueueItem } from '@servicedesk/contracts';
import { useReceivePurchase } from '@servicedesk/api/equipment/assets';
import { useEquipmentReference } from '@servicedesk/api/equipment/get-equipment-request';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { LazySelect as Select, LazySelectSearch as SelectSearch } from '../../shared/lazy-fields';
import { useRefusalText } from '../../shared/record/refusal';
import { useKeeperWarehouse, useMaterialSearch } from '../shared/stock-pickers';
import * as s from '../shared/equipment.css';

/**
 * The purchase queue's "Received" dialog: `open(line)` asks for the warehouse (the keeper's own
 * first), the vendor, the vendor's invoice reference, a catalogue material for a free-text line
 * and the serials of the new units (split on spaces, commas, semicolons), then posts the receipt
 * linked to the line and says so in a toast (a refusal in an error toast, the dialog stays open).
 * Opening clears serials and material; warehouse, vendor and reference stay as last chosen.
 * Render `dialog` once in the page.
 */
export function useReceivePurchaseDialog(): { open: (line: PurchaseQueueItem) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const reference = useEquipmentReference();
  const receive = useReceivePurchase();
  const explain = useRefusalText();
  const findMaterials = useMaterialSearch();
  const vendors = useModalElements('vendor');
  const [line, setLine] = useState<PurchaseQueueItem | null>(null);
  const picker = useKeeperWarehouse(reference.data?.warehouses ?? []);
  const warehouse = picker.warehouse;
  const [serials, setSerials] = useState('');
  const [material, setMaterial] = useState<SearchResult | null>(null);
  const [vendorId, setVendorId] = useState<number | null>(null);
  const [invoiceRef, setInvoiceRef] = useState('');
  const open = (item: PurchaseQueueItem) => {
    setLine(item);
    setSerials('');
    setMaterial(null);
  };
  const submit = async () => {
    if (!line || warehouse === null || vendorId === null) return;
    try {
      await receive.mutateAsync({
        lineId: line.lineId,
        input: {
          warehouseId: warehouse,
          vendorId,
          vendorInvoiceRef: invoiceRef.trim() || null,
          serials: serials.split(/[\s,;]+/).filter(Boolean),
          ...(line.material === null && material ? { materialId: Number(material.id) } : {}),
        },
      });
      toast.show({
        title: t('assets.purchases.received', { number: line.requestNumber, n: line.position }),
        variant: 'success',
      });
      setLine(null);
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
    }
  };

  const dialog = (
    <Dialog
      title={t('assets.purchases.receiveTitle', {
        number: line?.requestNumber ?? '',
        n: line?.position ?? '',
      })}
      isOpen={line !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : setLine(null))}
      closeLabel={t('close')}
      footer={
        <Button
          isPending={receive.isPending}
          isDisabled={
            warehouse === null || vendorId === null || (line?.material === null && material === null)
          }
          onPress={() => void submit()}
        >
          {t('assets.purchases.receive')}
        </Button>
      }
    >
      <div className={s.commentForm}>
        <Select label={t('assets.purchases.warehouse')} {...picker.field} />
        <Select
          label={t('assets.purchases.vendor')}
          items={(vendors.data ?? []).map((v) => ({ id: String(v.id), label: v.name }))}
          selectedKey={vendorId === null ? null : String(vendorId)}
          onSelectionChange={(key) => setVendorId(key === null ? null : Number(key))}
          isRequired
        />
        <TextField
          label={t('assets.purchases.vendorInvoiceRef')}
          value={invoiceRef}
          onChange={setInvoiceRef}
        />
        {line?.material === null ? (
          <SelectSearch
            label={t('assets.purchases.material')}
            search={findMaterials}
            value={material}
            onChange={setMaterial}
            loadingLabel={t('loading')}
            emptyLabel={t('equipment.form.noMaterials')}
            openLabel={t('equipment.form.openMaterials')}
            minLength={0}
          />
        ) : null}
        <TextField
          label={t('assets.purchases.serials')}
          description={t('assets.purchases.serialsHint')}
          value={serials}
          onChange={setSerials}
        />
      </div>
    </Dialog>
  );
  return { open, dialog };
}
