import { useTranslation } from 'react-i18next';
import type { MyEquipmentItem } from '@servicedesk/contracts';
import type { useAssetAction } from '@servicedesk/api/equipment/assets';
import type { useDownloadHandover } from '@servicedesk/api/stock/stock-mutations';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { saveBlob } from '../../shared/files/use-file-download';
import * as s from '../shared/equipment.css';

/**
 * The actions of one row of My equipment (a group named after the asset's number): "Confirm
 * receipt" (an assigned asset not yet confirmed), "Ask for a return" (none asked yet), "Report a
 * fault" (assigned) and the hand-over certificate of the issue that gave it (a PDF download).
 * `run` does an action and says what happened (success or refusal toast); `explain` words a refusal.
 */
export function MyEquipmentActions({
  item,
  act,
  handover,
  run,
  explain,
  onReturn,
  onFault,
}: {
  item: MyEquipmentItem;
  act: ReturnType<typeof useAssetAction>;
  handover: ReturnType<typeof useDownloadHandover>;
  run: (work: () => Promise<unknown>, done: string) => Promise<void>;
  explain: (error: unknown) => string;
  onReturn: (item: MyEquipmentItem) => void;
  onFault: (item: MyEquipmentItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={s.actions}
      role="group"
      aria-label={t('assets.mine.actionsFor', { number: item.inventoryNumber })}
    >
      {item.confirmedAt === null && item.status === 'assigned' ? (
        <Button
          size="sm"
          isPending={
            act.isPending && act.variables?.id === item.id && act.variables.action === 'confirmReceipt'
          }
          onPress={() =>
            void run(
              () => act.mutateAsync({ id: item.id, action: 'confirmReceipt' }),
              t('assets.mine.confirmed', { number: item.inventoryNumber }),
            ).catch(() => undefined)
          }
        >
          {t('assets.mine.confirm')}
        </Button>
      ) : null}
      {item.returnRequestedAt === null && item.status === 'assigned' ? (
        <Button size="sm" variant="secondary" onPress={() => onReturn(item)}>
          {t('assets.mine.askReturn')}
        </Button>
      ) : null}
      {item.status === 'assigned' ? (
        <Button size="sm" variant="secondary" onPress={() => onFault(item)}>
          {t('assets.mine.reportFault')}
        </Button>
      ) : null}
      {item.issueOperationId !== null ? (
        <Button
          size="sm"
          variant="ghost"
          isPending={handover.isPending && handover.variables === item.issueOperationId}
          onPress={() =>
            handover.mutate(item.issueOperationId!, {
              onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
              onError: (error) => toast.show({ title: explain(error), variant: 'error' }),
            })
          }
        >
          {t('stock.handover.link')}
        </Button>
      ) : null}
    </span>
  );
}
