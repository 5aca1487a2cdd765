import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EINVOICE_MATCH_STATUSES, isOneOf, type EInvoiceImportResult, type EInvoiceListRow, type EInvoiceMatchStatus } from '@servicedesk/contracts';
import { useEInvoice, useEInvoicesPages, useImportEInvoices, usePreviewEInvoices } from '@servicedesk/api/finance/e-invoices';
import { Button } from '@servicedesk/ui/Button';
import { emptyTableState, type DataTableColumn, type DataTableState } from '@servicedesk/ui/DataTable/types';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { table as tableClass, tableWrap, td, th, numeric } from '@servicedesk/ui/SimpleTable';
import { toMajorUnits } from '@servicedesk/i18n';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import { toast } from '@servicedesk/ui/Toast';
import { usePagePermissions } from '../../access/use-page-permissions';
import { AppDataTable, infinitePages } from '../../shared/AppDataTable';
import { tableKeys, tableStorage } from '../../shared/data-table';
import { filtersKey, useFilterMemory } from '../../shared/filter-memory';
import { matchFamilies, money, refusal } from '../shared/finance-display';
import { CreateFromEInvoice } from './CreateFromEInvoice';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/finance.css';

export const EINVOICES_TABLE_KEY = tableKeys.eInvoices;
type MatchFilter = 'any' | EInvoiceMatchStatus;
const parseMatch = (saved: Record<string, unknown>): { matchStatus: MatchFilter } => {
  return { matchStatus: isOneOf(EINVOICE_MATCH_STATUSES, saved.matchStatus) ? saved.matchStatus : 'any' };
};

function Match({ status }: { status: EInvoiceMatchStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} family={matchFamilies[status]}>
      {t(`finance.matchStatuses.${status}`)}
    </StatusBadge>
  );
}

/** The preview of a file (nothing saved yet): each invoice, what happens to it, its match and differences. */
function PreviewTable({ result }: { result: EInvoiceImportResult }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className={tableWrap}>
      <table className={tableClass} aria-label={t('finance.eInvoices.previewTitle', { file: result.fileName })}>
        <thead>
          <tr>
            <th className={th}>{t('finance.columns.number')}</th>
            <th className={th}>{t('finance.columns.seller')}</th>
            <th className={th}>{t('finance.columns.issueDate')}</th>
            <th className={`${th} ${numeric}`}>{t('finance.columns.grossTotal')}</th>
            <th className={th}>{t('finance.columns.matchStatus')}</th>
            <th className={th}>{t('finance.columns.vendorInvoice')}</th>
            <th className={th}>{t('finance.eInvoices.differences')}</th>
            <th className={th}>{t('finance.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {result.invoices.map((i) => (
            <tr key={i.index}>
              <td className={td}>{i.number}</td>
              <td className={td}>
                {i.sellerName} · {i.sellerTin}
              </td>
              <td className={td}>{i.issueDate}</td>
              <td className={`${td} ${numeric}`}>{money(i.grossTotal, lang, i.currency)}</td>
              <td className={td}>
                <Match status={i.matchStatus} />
              </td>
              <td className={td}>{i.vendorInvoice ? <RouterLink className={f.link} to={`/home/finance/vendor-invoices/${i.vendorInvoice.id}`}>{i.vendorInvoice.number}</RouterLink> : '—'}</td>
              <td className={td}>
                {i.differences.map((d) => (
                  <div key={d.field}>
                    {t('finance.eInvoices.difference', {
                      field: t(`finance.eInvoices.fields.${d.field}`),
                      xml: d.field.endsWith('Total') ? money(Number(d.xml), lang, i.currency) : d.xml,
                      invoice: d.field.endsWith('Total') ? money(Number(d.invoice), lang, i.currency) : d.invoice,
                    })}
                  </div>
                ))}
              </td>
              <td className={td}>{t(i.action === 'create' ? 'finance.eInvoices.willCreate' : 'finance.eInvoices.willSkip')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One imported e-invoice with its lines (the XML's) and differences. */
function EInvoiceDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { can } = usePagePermissions('finance.eInvoices');
  const lang = i18n.language;
  const query = useEInvoice(id);
  const e = query.data;
  return (
    <Dialog isOpen onOpenChange={(open) => (open ? undefined : onClose())} title={e ? `${e.number} · ${e.sellerName}` : t('loading')} closeLabel={t('finance.eInvoices.close')}>
      {e ? (
        <div>
          <p>
            <Match status={e.matchStatus} /> {e.issueDate} · {money(e.grossTotal, lang, e.currency)}
          </p>
          {can('finance.vendorInvoices.create') ? <CreateFromEInvoice eInvoice={e} /> : null}
          <h3>{t('finance.eInvoices.lines')}</h3>
          <div className={tableWrap}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={th}>{t('finance.form.line.description')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.quantity')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.unitPrice')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.net')}</th>
                  <th className={`${th} ${numeric}`}>{t('finance.form.line.vat')}</th>
                </tr>
              </thead>
              <tbody>
                {e.lines.map((l, i) => (
                  <tr key={i}>
                    <td className={td}>{l.name}</td>
                    <td className={`${td} ${numeric}`}>{`${l.quantity} ${l.unit}`.trim()}</td>
                    <td className={`${td} ${numeric}`}>{money(l.unitPrice, lang, e.currency)}</td>
                    <td className={`${td} ${numeric}`}>{money(l.net, lang, e.currency)}</td>
                    <td className={`${td} ${numeric}`}>{money(l.vat, lang, e.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </Dialog>
  );
}

/**
 * /home/finance/e-invoices (issue #16): choose the tax portal's XML export → a preview of every
 * invoice in it (new or already imported, its vendor by TIN, its vendor invoice by number, the
 * differences in amounts) before anything is saved → import; importing the same file again
 * changes nothing. A malformed file's refusal names its line. Below, the imported e-invoices
 * (memory key `eInvoices`, filter by match) — a row opens its XML lines.
 */
export function EInvoicesPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = usePagePermissions('finance.eInvoices');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ fileName: string; xml: string } | null>(null);
  const [result, setResult] = useState<EInvoiceImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const preview = usePreviewEInvoices();
  const importer = useImportEInvoices();
  const [filters, setFilters] = useFilterMemory(filtersKey(EINVOICES_TABLE_KEY), parseMatch, { matchStatus: 'any' as MatchFilter });
  const [table, setTable] = useState<DataTableState>(() => tableStorage.get(EINVOICES_TABLE_KEY) ?? emptyTableState);
  const list = useEInvoicesPages({
    ...(filters.matchStatus !== 'any' ? { matchStatus: [filters.matchStatus] } : {}),
    ...(table.search.trim() ? { search: table.search.trim().slice(0, 100) } : {}),
    take: 100,
  });
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows) ?? [], [list.data]);
  const showError = (e: unknown) => {
    const r = refusal(e);
    setError(t(r.key, { ...r.values, defaultValue: t('finance.errors.generic', r.values) }));
  };

  const choose = async (chosen: File | undefined) => {
    setResult(null);
    setError(null);
    if (!chosen) return;
    const next = { fileName: chosen.name, xml: await chosen.text() };
    setFile(next);
    preview.mutate(next, { onSuccess: setResult, onError: showError });
  };

  const columns = useMemo<DataTableColumn<EInvoiceListRow>[]>(
    () => [
      { columnName: 'number', header: t('finance.columns.number'), minWidth: 150 },
      { columnName: 'sellerName', header: t('finance.columns.seller'), minWidth: 200 },
      { columnName: 'sellerTin', header: t('finance.columns.tin'), minWidth: 130 },
      { columnName: 'issueDate', header: t('finance.columns.issueDate'), type: 'date', minWidth: 130 },
      { columnName: 'grossTotal', header: t('finance.columns.grossTotal'), type: 'money', minWidth: 140, accessor: (r) => toMajorUnits(r.grossTotal), render: (_v, r) => money(r.grossTotal, lang, r.currency) },
      {
        columnName: 'matchStatus',
        header: t('finance.columns.matchStatus'),
        type: 'status',
        accessor: (r) => `finance.matchStatuses.${r.matchStatus}`,
        translate: true,
        statusVariant: (v) => matchFamilies[String(v).split('.').pop() as EInvoiceMatchStatus] ?? 'neutral',
        minWidth: 160,
      },
      {
        columnName: 'vendorInvoiceNumber',
        header: t('finance.columns.vendorInvoice'),
        minWidth: 160,
        render: (_v, r) => (r.vendorInvoiceId ? <RouterLink className={f.link} to={`/home/finance/vendor-invoices/${r.vendorInvoiceId}`}>{r.vendorInvoiceNumber}</RouterLink> : ''),
      },
      { columnName: 'fileName', header: t('finance.columns.fileName'), minWidth: 160, hidden: true },
      { columnName: 'importedAt', header: t('finance.columns.importedAt'), type: 'dateTime', minWidth: 170 },
    ],
    [t, lang],
  );
  const creating = result?.invoices.filter((i) => i.action === 'create').length ?? 0;

  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{t('finance.eInvoices.title')}</h1>
        <p className={p.lead}>{t('finance.eInvoices.description')}</p>
      </div>
      {can('finance.eInvoices.import') ? (
        <section className={p.card} aria-label={t('finance.eInvoices.preview')}>
          <div className={s.actions}>
            <input ref={input} type="file" accept=".xml,text/xml,application/xml" aria-label={t('finance.eInvoices.choose')} onChange={(e) => void choose(e.target.files?.[0])} />
          </div>
          {preview.isPending ? <p role="status">{t('loading')}</p> : null}
          {error ? (
            <p className={f.error} role="alert">
              {error}
            </p>
          ) : null}
          {result ? (
            <div>
              <h2 className={p.cardTitle}>{t('finance.eInvoices.previewTitle', { file: result.fileName })}</h2>
              {result.alreadyImported ? (
                <p className={f.info} role="status">
                  {t('finance.eInvoices.alreadyImported')}
                </p>
              ) : null}
              <PreviewTable result={result} />
              <div className={s.actions}>
                <Button
                  isDisabled={creating === 0 || result.created > 0}
                  isPending={importer.isPending}
                  onPress={() =>
                    file &&
                    importer.mutate(file, {
                      onSuccess: (done) => {
                        setResult(done);
                        toast.show({ title: t('finance.eInvoices.imported', { created: done.created, skipped: done.skipped }), variant: 'success' });
                      },
                      onError: showError,
                    })
                  }
                >
                  {creating === 0 || result.created > 0 ? t('finance.eInvoices.importNothing') : t('finance.eInvoices.import', { count: creating })}
                </Button>
                <Button
                  variant="secondary"
                  onPress={() => {
                    setResult(null);
                    setFile(null);
                    if (input.current) input.current.value = '';
                  }}
                >
                  {t('finance.eInvoices.discard')}
                </Button>
              </div>
              {result.created > 0 ? <p role="status">{t('finance.eInvoices.imported', { created: result.created, skipped: result.skipped })}</p> : null}
            </div>
          ) : null}
        </section>
      ) : null}
      <section className={p.card}>
        <div className={s.filterBar}>
          <Select
            label={t('finance.eInvoices.filters.matchStatus')}
            items={[{ id: 'any', label: t('finance.eInvoices.filters.any') }, ...EINVOICE_MATCH_STATUSES.map((m) => ({ id: m, label: t(`finance.matchStatuses.${m}`) }))]}
            selectedKey={filters.matchStatus}
            onSelectionChange={(key) => setFilters({ matchStatus: String(key ?? 'any') as MatchFilter })}
          />
        </div>
        <AppDataTable
          filtered={filters.matchStatus !== 'any'}
          tableKey={EINVOICES_TABLE_KEY}
          aria-label={t('finance.eInvoices.tableLabel')}
          data={rows}
          columns={columns}
          getRowId={(row) => String(row.id)}
          onStateChange={setTable}
          isLoading={list.isPending}
          onRowAction={(row) => setOpen(row.id)}
          {...infinitePages(list)}
          exportFileName={t('finance.eInvoices.exportName')}
          height="min(60vh, 560px)"
        />
      </section>
      {open !== null ? <EInvoiceDialog id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
