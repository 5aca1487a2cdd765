import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEACTIVATION_REASON_MIN_LENGTH } from '@servicedesk/contracts';
import type { OrgKind } from '@servicedesk/api/admin/org/org-keys';
import { useSetOrgElementActive } from '@servicedesk/api/admin/org/save-org-item';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { toast } from '@servicedesk/ui/Toast';
import { adminErrorText } from './org-errors';
import * as s from './admin-table.css';

/**
 * The reason prompt of a deactivation (SPEC §3 "Deactivate element": deactivateElement with a
 * reason of at least 10 characters, SPEC §5 free-text prompt).
 */
export function DeactivatePrompt({
  name,
  onSubmit,
  onClose,
}: {
  name: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Prompt
      title={t('adminOrg.deactivate.title', { name })}
      label={t('adminOrg.deactivate.reason')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      submitLabel={t('adminOrg.deactivate.submit')}
      cancelLabel={t('cancel')}
      minLength={DEACTIVATION_REASON_MIN_LENGTH}
      minLengthMessage={t('adminOrg.deactivate.minLength', { min: DEACTIVATION_REASON_MIN_LENGTH })}
      onSubmit={async (reason) => {
        try {
          await onSubmit(reason);
          onClose();
        } catch {
          // The mutation's onError has shown why; the prompt stays open with the reason.
        }
      }}
    />
  );
}

/**
 * The end of a positions / locations / groups table row: its status badge and, for managers, the
 * actions — edit (`editLabel`, e.g. Rename), deactivate (asks the reason, DeactivatePrompt) or
 * activate — with the server's answer as a toast. Buttons are named "<action>: <name>".
 */
export function OrgRowState({
  kind,
  row,
  canManage,
  editLabel,
  onEdit,
}: {
  kind: OrgKind | 'groups';
  row: { id: number; name: string; isActive: boolean };
  canManage: boolean;
  editLabel: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const setActive = useSetOrgElementActive(kind, {
    onError: (error) => toast.show({ title: adminErrorText(error, t), variant: 'error' }),
  });
  return (
    <>
      <td className={s.td}>
        <Badge variant={row.isActive ? 'success' : 'neutral'}>{row.isActive ? t('adminOrg.active') : t('adminOrg.inactive')}</Badge>
      </td>
      {canManage && (
        <td className={s.td}>
          <div className={s.actions}>
            <Button size="sm" variant="ghost" aria-label={`${editLabel}: ${row.name}`} onPress={onEdit}>
              {editLabel}
            </Button>
            {row.isActive ? (
              <Button size="sm" variant="ghost" aria-label={`${t('adminOrg.deactivate.action')}: ${row.name}`} onPress={() => setAsking(true)}>
                {t('adminOrg.deactivate.action')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`${t('adminOrg.activate')}: ${row.name}`}
                isDisabled={setActive.isPending}
                onPress={() =>
                  setActive.mutate(
                    { id: row.id, isActive: true },
                    { onSuccess: () => toast.show({ title: t('adminOrg.activated', { name: row.name }), variant: 'success' }) },
                  )
                }
              >
                {t('adminOrg.activate')}
              </Button>
            )}
          </div>
          {asking && (
            <DeactivatePrompt
              name={row.name}
              onClose={() => setAsking(false)}
              onSubmit={(desc) =>
                setActive.mutateAsync({ id: row.id, isActive: false, desc }).then(() =>
                  toast.show({ title: t('adminOrg.deactivated', { name: row.name }), variant: 'success' }),
                )
              }
            />
          )}
        </td>
      )}
    </>
  );
}
