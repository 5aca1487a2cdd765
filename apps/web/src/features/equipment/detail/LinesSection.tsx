import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EQUIPMENT_CANCEL_REASON_MIN,
  type EquipmentLine,
  type EquipmentLineDecision,
  type EquipmentRequestDetail,
} from '@servicedesk/contracts';
import {
  useEquipmentReference,
} from '@servicedesk/api/equipment/get-equipment-request';
import {
  useEquipmentAction,
} from '@servicedesk/api/equipment/equipment-mutations';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
// The processing controls only the warehouse keeper sees load when shown (issue #19).
import { LazySelect as Select, LazySelectSearch as SelectSearch } from '../../shared/lazy-fields';
import * as table from '@servicedesk/ui/SimpleTable';
import { toast } from '@servicedesk/ui/Toast';
import { useRefusalText } from '../../shared/record/refusal';
import { useKeeperWarehouse, useMaterialSearch } from '../shared/stock-pickers';
import * as s from '../shared/equipment.css';

/**
 * The lines with where each stands (pending, awaiting purchase, received, issued, cancelled —
 * what the employee sees); for the warehouse keeper (action `process`): the warehouse to issue
 * from, and for each open line "Issue from stock" (a free-text line first names its catalogue
 * material), "Mark for purchase" or "Cancel the item" with its reason. A line marked for purchase
 * is issued once its receipt arrived (the purchase queue). An issued line shows its stock
 * operation's number, a received one its receipt's.
 */
export function LinesSection({ detail }: { detail: EquipmentRequestDetail }) {
  const { t, i18n } = useTranslation();
  const r = detail.request;
  const canProcess = detail.allowedActions.includes('process');
  const reference = useEquipmentReference();
  const action = useEquipmentAction();
  const explain = useRefusalText();
  const [running, setRunning] = useState<string | null>(null);
  const [picked, setPicked] = useState<Record<number, SearchResult | null>>({});
  const warehouses = canProcess ? (reference.data?.warehouses ?? []) : [];
  // The keeper's own warehouse first.
  const picker = useKeeperWarehouse(warehouses);
  const warehouse = picker.warehouse;
  const money = (n: number) => formatMoney(n, i18n.language, r.currency);
  const findMaterials = useMaterialSearch();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const decide = async (lineId: number, decision: EquipmentLineDecision, note?: string) => {
    setRunning(`${lineId}-${decision}`);
    const material = picked[lineId];
    // A received purchase is issued from its receipt's warehouse (the server's default).
    const received = r.lines.find((l) => l.id === lineId)?.state === 'received';
    try {
      await action.mutateAsync({
        id: r.id,
        action: 'process',
        input: {
          lines: [
            {
              lineId,
              decision,
              ...(decision === 'issue' && warehouse !== null && !received ? { warehouseId: warehouse } : {}),
              ...(decision === 'issue' && material ? { materialId: Number(material.id) } : {}),
              ...(note ? { note } : {}),
            },
          ],
        },
      });
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
      if (decision === 'cancel') throw error;
    } finally {
      setRunning(null);
    }
  };
  /** A line the keeper still decides: no decision yet, or marked for purchase (issued once received, or cancelled). */
  const open = (state: EquipmentLine['state']) => state === 'pending' || state === 'awaitingPurchase' || state === 'received';
  return (
    <RecordSection title={t('equipment.detail.linesTitle')}>
      {canProcess && warehouses.length > 0 ? (
        <div className={s.processBar}>
          <Select
            label={t('equipment.detail.warehouse')}
            {...picker.field}
          />
        </div>
      ) : null}
      <div className={table.tableWrap}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>#</th>
              <th className={table.th}>{t('equipment.form.item')}</th>
              <th className={table.th}>{t('equipment.form.quantity')}</th>
              <th className={table.th}>{t('equipment.form.price')}</th>
              <th className={table.th}>{t('equipment.columns.total')}</th>
              <th className={table.th}>{t('equipment.detail.handling')}</th>
            </tr>
          </thead>
          <tbody>
            {r.lines.map((line) => (
              <tr key={line.id}>
                <td className={table.td}>{line.position}</td>
                <td className={table.td}>
                  {line.description}
                  {line.material ? <span className={s.muted}> ({line.material.code})</span> : null}
                </td>
                <td className={`${table.td} ${table.numeric}`}>
                  {line.quantity} {line.unit}
                </td>
                <td className={`${table.td} ${table.numeric}`}>{money(line.unitPrice)}</td>
                <td className={`${table.td} ${table.numeric}`}>{money(line.total)}</td>
                <td className={table.td}>
                  <span data-testid={`line-state-${line.position}`}>
                    {t(`equipment.lineState.${line.state}`)}
                    {line.receiptOperation ? ` · ${line.receiptOperation.number}` : ''}
                    {line.stockOperation ? ` · ${line.stockOperation.number}` : ''}
                    {line.warehouseName ? ` · ${line.warehouseName}` : ''}
                    {line.decidedBy && !open(line.state) ? ` · ${line.decidedBy.name}` : ''}
                    {line.decisionNote ? ` · ${line.decisionNote}` : ''}
                  </span>
                  {canProcess && open(line.state) ? (
                    <div className={s.commentForm}>
                      {line.material === null && line.state !== 'awaitingPurchase' ? (
                        <SelectSearch
                          label={t('equipment.detail.issueAs', { n: line.position })}
                          search={findMaterials}
                          value={picked[line.id] ?? null}
                          onChange={(value) => setPicked((all) => ({ ...all, [line.id]: value }))}
                          loadingLabel={t('loading')}
                          emptyLabel={t('equipment.form.noMaterials')}
                          openLabel={t('equipment.form.openMaterials')}
                          minLength={0}
                        />
                      ) : null}
                      <span
                        className={s.actions}
                        role="group"
                        aria-label={t('equipment.detail.lineActions', { n: line.position })}
                      >
                        {line.state !== 'awaitingPurchase' ? (
                          <Button
                            size="sm"
                            isPending={running === `${line.id}-issue`}
                            isDisabled={
                              running !== null ||
                              (warehouse === null && line.state !== 'received') ||
                              (line.material === null && !picked[line.id])
                            }
                            onPress={() => void decide(line.id, 'issue')}
                          >
                            {t('equipment.detail.issue')}
                          </Button>
                        ) : null}
                        {line.state === 'pending' ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            isPending={running === `${line.id}-purchase`}
                            isDisabled={running !== null}
                            onPress={() => void decide(line.id, 'purchase')}
                          >
                            {t('equipment.detail.purchase')}
                          </Button>
                        ) : null}
                        <Button
                          size="sm"
                          variant="secondary"
                          isDisabled={running !== null}
                          onPress={() => setCancelling(line.id)}
                        >
                          {t('equipment.detail.cancelLine')}
                        </Button>
                      </span>
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={s.total}>{t('equipment.form.total', { total: money(r.total) })}</p>
      <Prompt
        title={t('equipment.detail.cancelLineTitle', { n: r.lines.find((l) => l.id === cancelling)?.position ?? '' })}
        isOpen={cancelling !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setCancelling(null))}
        label={t('equipment.detail.cancelReason')}
        minLength={EQUIPMENT_CANCEL_REASON_MIN}
        minLengthMessage={t('equipment.detail.cancelReasonHint', { min: EQUIPMENT_CANCEL_REASON_MIN })}
        submitLabel={t('equipment.detail.cancelLine')}
        cancelLabel={t('cancel')}
        onSubmit={async (reason) => {
          await decide(cancelling!, 'cancel', reason);
          setCancelling(null);
        }}
      />
    </RecordSection>
  );
}

