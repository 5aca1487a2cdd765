import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MyEquipmentItem } from '@servicedesk/contracts';
import { useAssetAction, useMyEquipment } from '@servicedesk/api/equipment/assets';
import { useDownloadHandover } from '@servicedesk/api/stock/stock-mutations';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import * as table from '@servicedesk/ui/SimpleTable';
import { QueryStates } from '../../shared/QueryStates';
import { toast } from '@servicedesk/ui/Toast';
import { numericDateTime } from '../../shared/format';
import { saveBlob } from '../../shared/files/use-file-download';
import { useRefusalText } from '../../shared/record/refusal';
import { useLiveRecords } from '../../../realtime/live-records';
import * as p from '../../shared/page.css';
import * as s from '../shared/equipment.css';

/** Fewest characters of a fault's description (the server's assetFaultInput). */
const FAULT_MIN = 10;

/**
 * /home/inventory/my-equipment (issue #40 "My equipment"): what is assigned to me — number (to
 * the asset's page), name, serial, since when, the request it was issued for — with "Confirm
 * receipt" (recorded in the asset's history with my name and the time), "Ask for a return" (the
 * keeper is told), "Report a fault" (a help-desk request linked to the asset) and the hand-over
 * certificate of the issue that gave it to me (PDF: my confirmation with name and time). GET
 * /api/assets/mine: the server answers only my own; live through the inventories' RecordChanged.
 */
export function MyEquipmentPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const mine = useMyEquipment();
  const act = useAssetAction();
  const handover = useDownloadHandover();
  const explain = useRefusalText();
  const [returning, setReturning] = useState<MyEquipmentItem | null>(null);
  const [faulty, setFaulty] = useState<MyEquipmentItem | null>(null);
  useLiveRecords();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lang, numericDateTime) : '—');
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.show({ title: done, variant: 'success' });
    } catch (error) {
      toast.show({ title: explain(error), variant: 'error' });
      throw error;
    }
  };

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('assets.mine.title')}</h1>
        <p className={p.lead}>{t('assets.mine.description')}</p>
      </div>
      <section className={p.card}>
        <QueryStates query={mine} empty={t('assets.mine.empty')}>
          {(rows) => (
            <div className={table.tableWrap}>
              <table className={table.table} aria-label={t('assets.mine.title')}>
                <thead>
                  <tr>
                    <th className={table.th}>{t('assets.columns.number')}</th>
                    <th className={table.th}>{t('assets.columns.name')}</th>
                    <th className={table.th}>{t('assets.columns.serial')}</th>
                    <th className={table.th}>{t('assets.columns.since')}</th>
                    <th className={table.th}>{t('assets.columns.request')}</th>
                    <th className={table.th}>{t('assets.columns.receipt')}</th>
                    <th className={table.th}>{t('assets.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((item) => (
                    <tr key={item.id} data-testid="my-equipment-row">
                      <td className={table.td}>
                        <Link to={`/home/inventory/inventories/${item.id}`}>
                          {item.inventoryNumber}
                        </Link>
                      </td>
                      <td className={table.td}>{item.materialName}</td>
                      <td className={table.td}>{item.serial ?? '—'}</td>
                      <td className={table.td}>{when(item.since)}</td>
                      <td className={table.td}>
                        {item.request ? (
                          <Link to={`/home/inventory/requests/${item.request.id}`}>
                            {item.request.number}
                          </Link>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className={table.td}>
                        {item.confirmedAt ? (
                          t('assets.mine.confirmedAt', { when: when(item.confirmedAt) })
                        ) : (
                          <span className={s.muted}>{t('assets.mine.notConfirmed')}</span>
                        )}
                        {item.returnRequestedAt ? (
                          <div className={s.muted}>
                            {t('assets.mine.returnRequestedAt', {
                              when: when(item.returnRequestedAt),
                            })}
                          </div>
                        ) : null}
                      </td>
                      <td className={table.td}>
                        <span
                          className={s.actions}
                          role="group"
                          aria-label={t('assets.mine.actionsFor', { number: item.inventoryNumber })}
                        >
                          {item.confirmedAt === null && item.status === 'assigned' ? (
                            <Button
                              size="sm"
                              isPending={
                                act.isPending &&
                                act.variables?.id === item.id &&
                                act.variables.action === 'confirmReceipt'
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
                            <Button
                              size="sm"
                              variant="secondary"
                              onPress={() => setReturning(item)}
                            >
                              {t('assets.mine.askReturn')}
                            </Button>
                          ) : null}
                          {item.status === 'assigned' ? (
                            <Button size="sm" variant="secondary" onPress={() => setFaulty(item)}>
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
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryStates>
      </section>
      <Prompt
        title={t('assets.mine.askReturnTitle', { number: returning?.inventoryNumber ?? '' })}
        isOpen={returning !== null}
        onOpenChange={(open) => (open ? undefined : setReturning(null))}
        label={t('assets.mine.returnComment')}
        minLength={0}
        minLengthMessage={t('assets.mine.returnComment')}
        submitLabel={t('assets.mine.askReturn')}
        cancelLabel={t('cancel')}
        onSubmit={async (comment) => {
          const item = returning!;
          await run(
            () =>
              act.mutateAsync({
                id: item.id,
                action: 'returnRequest',
                ...(comment.trim() ? { comment: comment.trim() } : {}),
              }),
            t('assets.mine.returnAsked', { number: item.inventoryNumber }),
          );
        }}
      />
      <Prompt
        title={t('assets.mine.reportFaultTitle', { number: faulty?.inventoryNumber ?? '' })}
        isOpen={faulty !== null}
        onOpenChange={(open) => (open ? undefined : setFaulty(null))}
        label={t('assets.mine.faultDescription')}
        minLength={FAULT_MIN}
        minLengthMessage={t('assets.mine.faultHint', { min: FAULT_MIN })}
        submitLabel={t('assets.mine.reportFault')}
        cancelLabel={t('cancel')}
        onSubmit={async (description) => {
          const item = faulty!;
          await run(
            () => act.mutateAsync({ id: item.id, action: 'fault', input: { description } }),
            t('assets.mine.faultReported', { number: item.inventoryNumber }),
          );
        }}
      />
    </div>
  );
}
