import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EquipmentLineDecision,
  type EquipmentRequestDetail,
} from '@servicedesk/contracts';
import {
  useEquipmentReference,
} from '@servicedesk/api/equipment/get-equipment-request';
import { searchMaterials } from '@servicedesk/api/equipment/search-materials';
import { useApiClient } from '@servicedesk/api/provider';
import {
  useEquipmentAction,
} from '@servicedesk/api/equipment/equipment-mutations';
import { formatMoney } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import type { SearchResult } from '@servicedesk/ui/SelectSearch';
// The processing controls only the warehouse keeper sees load when shown (issue #19).
import { LazySelect as Select, LazySelectSearch as SelectSearch } from '../../shared/lazy-fields';
import * as table from '@servicedesk/ui/SimpleTable';
import { toast } from '@servicedesk/ui/Toast';
import { useRefusalText } from '../../shared/record/refusal';
import { storage } from '../../../session/storage';
import * as s from '../shared/equipment.css';

/**
 * The lines; for the warehouse keeper (action `process`): the warehouse to issue from, and for
 * each open line "Issue from stock" (a free-text line first names its catalogue material) or
 * "Mark for purchase". An issued line shows its stock operation's number.
 */
export function LinesSection({ detail }: { detail: EquipmentRequestDetail }) {
  const { t, i18n } = useTranslation();
  const r = detail.request;
  const canProcess = detail.allowedActions.includes('process');
  const reference = useEquipmentReference();
  const client = useApiClient();
  const action = useEquipmentAction();
  const explain = useRefusalText();
  const [running, setRunning] = useState<string | null>(null);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [picked, setPicked] = useState<Record<number, SearchResult | null>>({});
  const warehouses = canProcess ? (reference.data?.warehouses ?? []) : [];
  const me = storage.getUser()?.id ?? null;
  // The keeper's own warehouse first.
  const warehouse =
    warehouseId ?? (warehouses.find((w) => w.keeperId === me) ?? warehouses[0])?.id ?? null;
  const money = (n: number) => formatMoney(n, i18n.language, r.currency);
  const findMaterials = useMemo(
    () => async (text: string, signal: AbortSignal) =>
      (await searchMaterials(client, text, signal)).map((m) => ({
        id: m.id,
        name: `${m.code} · ${m.name}`,
      })),
    [client],
  );
  const decide = async (lineId: number, decision: EquipmentLineDecision) => {
    setRunning(`${lineId}-${decision}`);
    const material = picked[lineId];
    try {
      await action.mutateAsync({
        id: r.id,
        action: 'process',
        input: {
          lines: [
            {
              lineId,
              decision,
              ...(decision === 'issue' && warehouse !== null ? { warehouseId: warehouse } : {}),
              ...(decision === 'issue' && material ? { materialId: Number(material.id) } : {}),
            },
          ],
        },
      });
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
    } finally {
      setRunning(null);
    }
  };
  return (
    <RecordSection title={t('equipment.detail.linesTitle')}>
      {canProcess && warehouses.length > 0 ? (
        <div className={s.processBar}>
          <Select
            label={t('equipment.detail.warehouse')}
            items={warehouses.map((w) => ({ id: String(w.id), label: w.name }))}
            selectedKey={warehouse === null ? null : String(warehouse)}
            onSelectionChange={(key) => setWarehouseId(key === null ? null : Number(key))}
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
                  {line.decision ? (
                    <span>
                      {t(`equipment.lineDecision.${line.decision}`)}
                      {line.stockOperation ? ` · ${line.stockOperation.number}` : ''}
                      {line.warehouseName ? ` · ${line.warehouseName}` : ''}
                      {line.decidedBy ? ` · ${line.decidedBy.name}` : ''}
                      {line.decisionNote ? ` · ${line.decisionNote}` : ''}
                    </span>
                  ) : canProcess ? (
                    <div className={s.commentForm}>
                      {line.material === null ? (
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
                        <Button
                          size="sm"
                          isPending={running === `${line.id}-issue`}
                          isDisabled={
                            running !== null ||
                            warehouse === null ||
                            (line.material === null && !picked[line.id])
                          }
                          onPress={() => void decide(line.id, 'issue')}
                        >
                          {t('equipment.detail.issue')}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          isPending={running === `${line.id}-purchase`}
                          isDisabled={running !== null}
                          onPress={() => void decide(line.id, 'purchase')}
                        >
                          {t('equipment.detail.purchase')}
                        </Button>
                      </span>
                    </div>
                  ) : (
                    <span className={s.muted}>{t('equipment.detail.notHandled')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={s.total}>{t('equipment.form.total', { total: money(r.total) })}</p>
    </RecordSection>
  );
}

