import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCount, useCountPlan, useCounts } from '@servicedesk/api/stock/stock-queries';
import { useCancelCount, usePostCount, useScanCount, useStartCount } from '@servicedesk/api/stock/stock-mutations';
import { LazyComboBox as ComboBox, LazyNumberField as NumberField, LazySelect as Select, usePreload } from '../shared/lazy-fields';
import { useConfirmedAction } from '../shared/confirmed-action';
import { useLiveRecords } from '../../realtime/live-records';
import { stockErrorText } from './stock-display';
import { CountHeader, CountOutcome } from './count-parts';
import { CountStartForm, CountsTable } from './CountsList';
import { CountScanBar } from './CountScanBar';
import { CountQuantities } from './CountQuantities';
import { CountLists } from './CountLists';
import { CountPostPrompt } from './CountPostPrompt';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';

/*
 * Physical counts as records (issue #13 "Physical count"; issue #40 "counts as records"): the list
 * of count sessions with "Start a count" (a warehouse, optionally a material group: the scope),
 * and a count's page — scans and counted quantities are saved as they happen, so the page
 * resumes after a reload on any device, and several keepers scan into one count at once, each
 * seeing the others' scans live (RecordChanged 'stockCount' over the hub). Posting first shows
 * the plan and posts only after a confirmation naming its figures. Works on a phone.
 */

/**
 * /home/inventory/warehouses/counts: the count sessions, newest first (scope, status, who started
 * it, scans and lines so far), each opening its page; "Start a count" opens a new one there.
 */
export function CountsPage() {
  const { t, i18n } = useTranslation();
  usePreload(Select);
  const counts = useCounts({ take: 100 });
  const start = useStartCount();
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('stock.count.listTitle')}</h1>
        <p className={p.lead}>{t('stock.count.description')}</p>
      </div>
      {start.error ? <p className={f.error} role="alert">{stockErrorText(t, start.error, i18n.language)}</p> : null}
      <CountStartForm start={start} />
      <CountsTable rows={counts.data?.rows} />
    </div>
  );
}

/**
 * /home/inventory/warehouses/counts/{id}: one count — its scope and status, who is on it now; the
 * scan field (Enter adds: a USB scanner types the number or serial and presses Enter), the
 * quantity lines (counted against the book), found / missing / misplaced / out of scope / unknown
 * as they change (also from the other keepers' scans), "Post…" (the plan first, then a
 * confirmation naming its figures) and "Cancel the count".
 */
export function CountDetailPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  usePreload(ComboBox, NumberField);
  useLiveRecords();
  const id = Number(useParams().id);
  const count = useCount(id);
  const scan = useScanCount();
  const post = usePostCount();
  const cancel = useCancelCount();
  const [planOpen, setPlanOpen] = useState(false);
  const confirmed = useConfirmedAction();
  const plan = useCountPlan(id, planOpen);
  const error = scan.error ?? post.error;

  if (count.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (count.isError) return <p role="alert">{stockErrorText(t, count.error, lang)}</p>;
  const session = count.data;
  const cancelCount = () =>
    confirmed.confirm({
      title: t('stock.count.cancel'),
      message: t('stock.count.cancelHint'),
      confirmLabel: t('stock.count.cancel'),
      variant: 'destructive',
      run: () => cancel.mutateAsync(id),
      done: t('stock.count.cancelled'),
      refusal: (e) => stockErrorText(t, e, lang),
    });

  return (
    <div className={p.page}>
      <CountHeader session={session} />
      {error ? <p className={f.error} role="alert">{stockErrorText(t, error, lang)}</p> : null}
      {session.status === 'open' ? <CountScanBar id={id} scan={scan} onPost={() => setPlanOpen(true)} onCancel={cancelCount} /> : <CountOutcome session={session} />}
      <CountQuantities session={session} />
      <CountLists session={session} />
      <CountPostPrompt id={id} isOpen={planOpen} onOpenChange={setPlanOpen} plan={plan} post={post} />
      {confirmed.dialog}
    </div>
  );
}
