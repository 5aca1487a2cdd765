import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { STOCK_REASON_MIN, type CountItem, type CountPlan, type CountSession, type CountStatus } from '@servicedesk/contracts';
import { useCount, useCountPlan, useCounts, useMaterialSearch, useStockReference } from '@servicedesk/api/stock/stock-queries';
import { useCancelCount, usePostCount, useScanCount, useSetCountLine, useStartCount } from '@servicedesk/api/stock/stock-mutations';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { StatusBadge, type StatusFamily } from '@servicedesk/ui/StatusBadge';
import { TextField } from '@servicedesk/ui/TextField';
import { CameraScanButton } from '@servicedesk/ui/CameraScan';
import * as st from '@servicedesk/ui/SimpleTable';
import { LazyComboBox as ComboBox, LazyNumberField as NumberField, LazySelect as Select, usePreload } from '../shared/lazy-fields';
import { RecordViewers } from '../shared/record/RecordViewers';
import { numericDateTime } from '../shared/format';
import { useConfirmedAction } from '../shared/confirmed-action';
import { useLiveRecords } from '../../realtime/live-records';
import { formatAmount, formatQuantity, stockErrorText } from './stock-display';
import { cameraTexts } from './camera-texts';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from '../shared/list-page.css';

/*
 * Physical counts as records (issue #13 "Physical count"; issue #40 "counts as records"): the list
 * of count sessions with "Start a count" (a warehouse, optionally a material group: the scope),
 * and a count's page — scans and counted quantities are saved as they happen, so the page
 * resumes after a reload on any device, and several keepers scan into one count at once, each
 * seeing the others' scans live (RecordChanged 'stockCount' over the hub). Posting first shows
 * the plan and posts only after a confirmation naming its figures. Works on a phone.
 */

const STATUS_FAMILY: Record<CountStatus, StatusFamily> = { open: 'info', posted: 'success', cancelled: 'neutral' };
const countPath = (id: number) => `/home/inventory/warehouses/counts/${id}`;

function CountStatusBadge({ status }: { status: CountStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={STATUS_FAMILY[status]}>
      {t(`stock.count.status.${status}`)}
    </StatusBadge>
  );
}

/**
 * /home/inventory/warehouses/counts: the count sessions, newest first (scope, status, who started
 * it, scans and lines so far), each opening its page; "Start a count" opens a new one there.
 */
export function CountsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  usePreload(Select);
  const navigate = useNavigate();
  const reference = useStockReference();
  const counts = useCounts({ take: 100 });
  const start = useStartCount();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const groups = (reference.data?.groups ?? []).filter((g) => g.isActive).map((g) => ({ id: String(g.id), label: g.path }));
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('stock.count.listTitle')}</h1>
        <p className={p.lead}>{t('stock.count.description')}</p>
      </div>
      {start.error ? <p className={f.error} role="alert">{stockErrorText(t, start.error, lang)}</p> : null}
      <section className={`${p.card} ${s.formCard}`} aria-labelledby="count-start">
        <h2 id="count-start" className={p.cardTitle}>
          {t('stock.count.start')}
        </h2>
        <div className={s.formGrid}>
          <Select
            placeholder={t('stock.choose')}
            label={t('stock.columns.warehouse')}
            items={(reference.data?.warehouses ?? []).filter((w) => w.isActive).map((w) => ({ id: String(w.id), label: w.name }))}
            selectedKey={warehouseId}
            onSelectionChange={(key) => setWarehouseId(key === null ? null : String(key))}
          />
          <Select
            placeholder={t('stock.count.wholeWarehouse')}
            label={t('stock.count.group')}
            items={[{ id: '', label: t('stock.count.wholeWarehouse') }, ...groups]}
            selectedKey={groupId ?? ''}
            onSelectionChange={(key) => setGroupId(key ? String(key) : null)}
          />
        </div>
        <div className={s.formActions}>
          <Button
            isDisabled={!warehouseId}
            isPending={start.isPending}
            onPress={() =>
              start.mutate({ warehouseId: Number(warehouseId), materialGroupId: groupId ? Number(groupId) : null }, { onSuccess: (session) => void navigate(countPath(session.id)) })
            }
          >
            {t('stock.count.start')}
          </Button>
        </div>
      </section>
      <section className={p.card}>
        <div className={st.tableWrap}>
          <table className={st.table} aria-label={t('stock.count.listTitle')}>
            <thead>
              <tr>
                <th className={st.th}>{t('stock.count.number')}</th>
                <th className={st.th}>{t('stock.columns.warehouse')}</th>
                <th className={st.th}>{t('stock.count.group')}</th>
                <th className={st.th}>{t('stock.count.statusLabel')}</th>
                <th className={st.th}>{t('stock.count.startedBy')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.count.scans')}</th>
                <th className={`${st.th} ${st.numeric}`}>{t('stock.count.lineCount')}</th>
              </tr>
            </thead>
            <tbody>
              {(counts.data?.rows ?? []).map((row) => (
                <tr key={row.id}>
                  <td className={st.td}>
                    <RouterLink to={countPath(row.id)}>{t('stock.count.name', { id: row.id })}</RouterLink>
                  </td>
                  <td className={st.td}>{row.warehouseName}</td>
                  <td className={st.td}>{row.materialGroupName ?? t('stock.count.wholeWarehouse')}</td>
                  <td className={st.td}>
                    <CountStatusBadge status={row.status} />
                  </td>
                  <td className={st.td}>
                    {row.createdBy?.name ?? '—'} · {formatDateTime(row.createdAt, lang, numericDateTime)}
                  </td>
                  <td className={`${st.td} ${st.numeric}`}>{row.scanCount}</td>
                  <td className={`${st.td} ${st.numeric}`}>{row.lineCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {counts.data && counts.data.rows.length === 0 ? <p className={p.muted}>{t('stock.count.none')}</p> : null}
      </section>
    </div>
  );
}

const LISTS = ['found', 'missing', 'misplaced', 'outOfScope'] as const;

/** The plan's figures and values in a sentence (the confirmation names them). */
function planSentence(t: ReturnType<typeof useTranslation>['t'], plan: CountPlan, lang: string): string {
  return t('stock.count.plan.sentence', {
    writeOffs: t('stock.count.plan.writeOffs', { n: plan.figures.writeOffs, value: formatAmount(plan.writeOffs.value, lang) }),
    transfers: t('stock.count.plan.transfers', { n: plan.figures.transfers, value: formatAmount(plan.transfers.value, lang) }),
    adjustments: t('stock.count.plan.adjustments', { n: plan.figures.adjustments, value: formatAmount(plan.adjustments.value, lang) }),
  });
}

/** A counted quantity of a material not kept as units: the material (searched), the quantity, Save. */
function QuantityLineForm({ session, onSaved }: { session: CountSession; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const materials = useMaterialSearch(search);
  const [materialId, setMaterialId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(Number.NaN);
  const save = useSetCountLine();
  const items = (materials.data ?? []).filter((m) => !m.tracksInventories).map((m) => ({ id: String(m.id), label: `${m.code} — ${m.name}` }));
  return (
    <form
      className={s.formGrid}
      aria-label={t('stock.count.quantityTitle')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!materialId || Number.isNaN(quantity)) return;
        save.mutate({ id: session.id, materialId: Number(materialId), countedQuantity: quantity }, { onSuccess: () => (setMaterialId(null), setQuantity(Number.NaN), setSearch(''), onSaved()) });
      }}
    >
      <ComboBox
        label={t('stock.columns.material')}
        items={items}
        selectedKey={materialId}
        onSelectionChange={(key) => setMaterialId(key === null ? null : String(key))}
        onInputChange={setSearch}
        openLabel={t('stock.operations.openMaterials')}
        emptyLabel={t('table.noResults')}
      />
      <NumberField label={t('stock.count.counted')} value={quantity} onChange={setQuantity} minValue={0} />
      <div className={s.formActions} style={{ alignItems: 'flex-end' }}>
        <Button type="submit" variant="secondary" isPending={save.isPending}>
          {t('stock.count.saveLine')}
        </Button>
      </div>
      {save.error ? <p className={f.error} role="alert">{stockErrorText(t, save.error, i18n.language)}</p> : null}
    </form>
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
  const [number, setNumber] = useState('');
  const [planOpen, setPlanOpen] = useState(false);
  const confirmed = useConfirmedAction();
  const plan = useCountPlan(id, planOpen);
  const error = scan.error ?? post.error;

  if (count.isPending) return <p className={p.muted}>{t('loading')}</p>;
  if (count.isError) return <p role="alert">{stockErrorText(t, count.error, lang)}</p>;
  const session = count.data;
  const open = session.status === 'open';

  const add = (typed: string = number) => {
    const value = typed.trim();
    if (!value) return;
    // Cleared only while it still holds this code: the next one may already be typed in.
    scan.mutate({ id, inventoryNumber: value }, { onSuccess: () => setNumber((c) => (c.trim() === value ? '' : c)) });
  };

  return (
    <div className={p.page}>
      <div className={s.header}>
        <div>
          <h1 className={p.heading}>{t('stock.count.detailTitle', { id: session.id, warehouse: session.warehouseName })}</h1>
          <p className={p.lead}>
            <CountStatusBadge status={session.status} /> {t('stock.count.scope', { scope: session.materialGroupName ?? t('stock.count.wholeWarehouse') })} ·{' '}
            {t('stock.count.startedByAt', { name: session.createdBy?.name ?? '—', at: formatDateTime(session.createdAt, lang, numericDateTime) })}
          </p>
        </div>
        <div className={s.formActions}>
          <RecordViewers kind="stockCount" id={session.id} />
          <RouterLink to="/home/inventory/warehouses/counts">{t('stock.count.listTitle')}</RouterLink>
        </div>
      </div>
      {error ? <p className={f.error} role="alert">{stockErrorText(t, error, lang)}</p> : null}
      {open ? (
        <section className={p.card}>
          <form
            className={s.formActions}
            style={{ justifyContent: 'flex-start', alignItems: 'flex-end' }}
            onSubmit={(e) => {
              e.preventDefault();
              add();
            }}
          >
            <TextField label={t('stock.count.scanLabel')} description={t('stock.units.scanHint')} value={number} onChange={setNumber} />
            {/* A phone's camera reads the label, fills the field and adds it as Enter would. */}
            <CameraScanButton
              size="md"
              texts={cameraTexts(t)}
              onScan={(text) => {
                setNumber(text);
                add(text);
              }}
            />
            <Button type="submit" isPending={scan.isPending}>
              {t('stock.count.add')}
            </Button>
            <Button variant="secondary" onPress={() => setPlanOpen(true)}>
              {t('stock.count.post')}
            </Button>
            <Button
              variant="ghost"
              onPress={() =>
                confirmed.confirm({
                  title: t('stock.count.cancel'),
                  message: t('stock.count.cancelHint'),
                  confirmLabel: t('stock.count.cancel'),
                  variant: 'destructive',
                  run: () => cancel.mutateAsync(id),
                  done: t('stock.count.cancelled'),
                  refusal: (e) => stockErrorText(t, e, lang),
                })
              }
            >
              {t('stock.count.cancel')}
            </Button>
          </form>
        </section>
      ) : session.status === 'posted' ? (
        <p className={f.success} role="status">
          {t('stock.count.posted', {
            writeOffs: session.postedPlan?.writeOffs ?? 0,
            transfers: session.postedPlan?.transfers ?? 0,
            adjustments: session.postedPlan?.adjustments ?? 0,
          })}{' '}
          {session.operationIds.map((opId) => (
            <RouterLink key={opId} to={`/home/inventory/warehouses/operations/${opId}`} style={{ marginRight: 8 }}>
              #{opId}
            </RouterLink>
          ))}
        </p>
      ) : (
        <p className={p.muted} role="status">
          {t('stock.count.cancelled')}
        </p>
      )}

      <section className={p.card} aria-labelledby="count-lines">
        <h2 id="count-lines" className={p.cardTitle}>
          {t('stock.count.quantityTitle')}
        </h2>
        {open ? <QuantityLineForm session={session} onSaved={() => undefined} /> : null}
        {session.lines.length ? (
          <div className={st.tableWrap}>
            <table className={st.table} data-testid="count-lines" aria-label={t('stock.count.quantityTitle')}>
              <thead>
                <tr>
                  <th className={st.th}>{t('stock.columns.material')}</th>
                  <th className={`${st.th} ${st.numeric}`}>{t('stock.count.book')}</th>
                  <th className={`${st.th} ${st.numeric}`}>{t('stock.count.counted')}</th>
                  <th className={`${st.th} ${st.numeric}`}>{t('stock.count.difference')}</th>
                  <th className={`${st.th} ${st.numeric}`}>{t('stock.columns.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {session.lines.map((line) => (
                  <tr key={line.materialId}>
                    <td className={st.td}>
                      {line.materialCode} — {line.materialName}
                    </td>
                    <td className={`${st.td} ${st.numeric}`}>{formatQuantity(line.bookQuantity, lang)}</td>
                    <td className={`${st.td} ${st.numeric}`}>{formatQuantity(line.countedQuantity, lang)}</td>
                    <td className={`${st.td} ${st.numeric}`}>{formatQuantity(line.difference, lang)}</td>
                    <td className={`${st.td} ${st.numeric}`}>{formatAmount(line.value, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <div className={p.grid}>
        {LISTS.map((list) =>
          list === 'outOfScope' && session.outOfScope.length === 0 ? null : (
            <section key={list} className={p.card} aria-labelledby={`count-${list}`} data-testid={`count-${list}`}>
              <h2 id={`count-${list}`} className={p.cardTitle}>
                {t(`stock.count.${list}`, { n: session[list].length })}
              </h2>
              <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                {session[list].map((item: CountItem) => (
                  <li key={item.id}>
                    <RouterLink to={`/home/inventory/inventories/${item.id}`}>{item.inventoryNumber}</RouterLink> — {item.materialName}
                    {item.serial ? ` · ${item.serial}` : ''}
                    {list === 'misplaced' && item.warehouseName ? ` (${item.warehouseName})` : ''}
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
        {session.unknown.length ? (
          <section className={p.card} aria-labelledby="count-unknown">
            <h2 id="count-unknown" className={p.cardTitle}>
              {t('stock.count.unknown', { n: session.unknown.length })}
            </h2>
            <p className={p.muted}>{session.unknown.join(', ')}</p>
          </section>
        ) : null}
        <section className={p.card} aria-labelledby="count-scans" data-testid="count-scans">
          <h2 id="count-scans" className={p.cardTitle}>
            {t('stock.count.latestScans')}
          </h2>
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            {session.scans.map((sc) => (
              <li key={sc.inventoryNumber}>
                {sc.inventoryNumber} — {sc.scannedBy?.name ?? '—'}, {formatDateTime(sc.scannedAt, lang, numericDateTime)}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <Prompt
        title={t('stock.count.plan.title')}
        isOpen={planOpen && plan.isSuccess}
        onOpenChange={setPlanOpen}
        label={t('stock.columns.reason')}
        message={
          plan.data ? (
            <div data-testid="count-plan">
              <p>{planSentence(t, plan.data, lang)}</p>
              {plan.data.reportedOnly.length ? <p>{t('stock.count.plan.reportedOnly', { n: plan.data.reportedOnly.length })}</p> : null}
              <p>{plan.data.reasonRequired ? t('stock.count.plan.reasonHint', { min: STOCK_REASON_MIN }) : t('stock.count.plan.noReason')}</p>
            </div>
          ) : null
        }
        minLength={plan.data?.reasonRequired ? STOCK_REASON_MIN : 0}
        minLengthMessage={t('stock.operations.reasonHint', { min: STOCK_REASON_MIN })}
        submitLabel={plan.data ? t('stock.count.plan.confirm', plan.data.figures) : t('stock.count.post')}
        cancelLabel={t('cancel')}
        onSubmit={async (reason) => {
          if (!plan.data) return;
          // The plan moved meanwhile (someone scanned): it is fetched again and the dialog shows the new figures.
          await post.mutateAsync({ id, reason, expected: plan.data.figures }).catch(async (e: unknown) => {
            await plan.refetch();
            throw e;
          });
        }}
      />
      {confirmed.dialog}
    </div>
  );
}
