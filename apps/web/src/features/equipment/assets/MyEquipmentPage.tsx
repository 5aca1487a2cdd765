import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MyEquipmentItem } from '@servicedesk/contracts';
import { useAssetAction, useMyEquipment } from '@servicedesk/api/equipment/assets';
import { useDownloadHandover } from '@servicedesk/api/stock/stock-mutations';
import { formatDateTime } from '@servicedesk/i18n';
import { Prompt } from '@servicedesk/ui/Prompt';
import { QueryTable, type QueryColumn } from '../../shared/QueryTable';
import { runAndTell } from '../../shared/confirmed-action';
import { numericDateTime } from '../../shared/format';
import { useRefusalText } from '../../shared/record/refusal';
import { useLiveRecords } from '../../../realtime/live-records';
import { MyEquipmentActions } from './MyEquipmentActions';
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
  const run = (work: () => Promise<unknown>, done: string) => runAndTell(work, done, explain);
  const columns: QueryColumn<MyEquipmentItem>[] = [
    {
      header: t('assets.columns.number'),
      cell: (item) => <Link to={`/home/inventory/inventories/${item.id}`}>{item.inventoryNumber}</Link>,
    },
    { header: t('assets.columns.name'), cell: (item) => item.materialName },
    { header: t('assets.columns.serial'), cell: (item) => item.serial ?? '—' },
    { header: t('assets.columns.since'), cell: (item) => when(item.since) },
    {
      header: t('assets.columns.request'),
      cell: (item) =>
        item.request ? (
          <Link to={`/home/inventory/requests/${item.request.id}`}>{item.request.number}</Link>
        ) : (
          '—'
        ),
    },
    {
      header: t('assets.columns.receipt'),
      cell: (item) => (
        <>
          {item.confirmedAt ? (
            t('assets.mine.confirmedAt', { when: when(item.confirmedAt) })
          ) : (
            <span className={s.muted}>{t('assets.mine.notConfirmed')}</span>
          )}
          {item.returnRequestedAt ? (
            <div className={s.muted}>
              {t('assets.mine.returnRequestedAt', { when: when(item.returnRequestedAt) })}
            </div>
          ) : null}
        </>
      ),
    },
    {
      header: t('assets.columns.actions'),
      cell: (item) => (
        <MyEquipmentActions
          item={item}
          act={act}
          handover={handover}
          run={run}
          explain={explain}
          onReturn={setReturning}
          onFault={setFaulty}
        />
      ),
    },
  ];

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('assets.mine.title')}</h1>
        <p className={p.lead}>{t('assets.mine.description')}</p>
      </div>
      <section className={p.card}>
        <QueryTable
          query={mine}
          empty={t('assets.mine.empty')}
          label={t('assets.mine.title')}
          columns={columns}
          rowKey={(item) => item.id}
          rowTestId="my-equipment-row"
        />
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
