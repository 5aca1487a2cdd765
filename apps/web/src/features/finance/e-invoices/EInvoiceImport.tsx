import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EInvoiceImportResult } from '@servicedesk/contracts';
import { useImportEInvoices, usePreviewEInvoices } from '@servicedesk/api/finance/e-invoices';
import { Button } from '@servicedesk/ui/Button';
import { toast } from '@servicedesk/ui/Toast';
import { refusal } from '../shared/finance-display';
import { PreviewTable } from './PreviewTable';
import * as p from '../../shared/page.css';
import * as f from '../../shared/forms.css';
import * as s from '../shared/finance.css';

/**
 * Importing the tax portal's XML export (issue #16; `finance.eInvoices.import`): choose a file →
 * the server's preview of every invoice in it (nothing saved yet) → import what is new, or
 * discard; importing the same file again changes nothing. A refusal (a malformed file names its
 * line) shows as an alert, translated through finance-display `refusal`.
 */
export function EInvoiceImport() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ fileName: string; xml: string } | null>(null);
  const [result, setResult] = useState<EInvoiceImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewEInvoices();
  const importer = useImportEInvoices();
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

  const creating = result?.invoices.filter((i) => i.action === 'create').length ?? 0;

  return (
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
  );
}
