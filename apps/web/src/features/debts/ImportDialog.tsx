import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportResult } from '@servicedesk/contracts';
import { useImportFile } from '@servicedesk/api/debts/save-debts';
import { formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { StatusBadge } from '@servicedesk/ui/StatusBadge';
import * as tbl from '@servicedesk/ui/SimpleTable';
import { refusalText } from './debts-display';
import * as f from '../shared/forms.css';
import * as s from './debts.css';

const SEPARATOR_KEY = { ';': 'semicolon', ',': 'comma', '\t': 'tab' } as const;
const ACTION_FAMILY = { create: 'success', change: 'info', same: 'neutral', refuse: 'danger' } as const;

/** What a preview or an import said, in words and a table of rows (refused first, with the reason). */
function ResultView({ result, committed }: { result: ImportResult; committed: boolean }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const { counts } = result;
  return (
    <div className={f.form} data-testid="import-result">
      <p className={f.note}>
        {t('debts.import.detected', { encoding: t(`debts.encoding.${result.encoding}`), separator: t(`debts.separator.${SEPARATOR_KEY[result.separator]}`) })}
      </p>
      <p data-testid="import-counts">
        {t('debts.import.counts', { total: n(counts.total), create: n(counts.create), change: n(counts.change), same: n(counts.same), refuse: n(counts.refuse) })}
      </p>
      {committed ? (
        <p className={f.success} role="status">
          {counts.create + counts.change === 0 ? t('debts.import.nothingChanged') : t('debts.import.done', { create: n(counts.create), change: n(counts.change) })}
        </p>
      ) : (
        <p className={f.info}>{t('debts.import.previewNote')}</p>
      )}
      <div className={`${tbl.tableWrap} ${s.scroll}`}>
        <table className={tbl.table} aria-label={t('debts.import.rowsLabel')}>
          <thead>
            <tr>
              <th className={tbl.th}>{t('debts.import.line')}</th>
              <th className={tbl.th}>{t('debts.import.action')}</th>
              <th className={tbl.th}>{t('debts.import.reason')}</th>
              <th className={tbl.th}>{t('debts.import.row')}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.line} data-action={row.action}>
                <td className={`${tbl.td} ${tbl.numeric}`}>{row.line}</td>
                <td className={tbl.td}>
                  <StatusBadge status={row.action} family={ACTION_FAMILY[row.action]}>
                    {t(`debts.rowAction.${row.action}`)}
                  </StatusBadge>
                </td>
                <td className={`${tbl.td} ${row.reason ? s.refused : ''}`}>{row.reason ? t(`debts.refusals.${row.reason}`) : ''}</td>
                <td className={tbl.td}>{row.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.rowsTruncated ? <p className={f.note}>{t('debts.import.rowsTruncated')}</p> : null}
    </div>
  );
}

/**
 * The import of a CSV (issue #17): choose the file, Preview (the server reads it and says what
 * each row would do — nothing saved), then Import (one transaction; the same file again changes
 * nothing). `kind` picks the 1C data or a dislocation snapshot.
 */
export function ImportDialog({ kind, isOpen, onOpenChange }: { kind: 'oneC' | 'dislocation'; isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<{ result: ImportResult; committed: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useImportFile();
  const run = (action: 'preview' | 'import') => {
    if (!file) return;
    setError(null);
    send.mutate(
      { kind, action, file },
      { onSuccess: (answer) => setResult({ result: answer, committed: action === 'import' }), onError: (e) => setError(refusalText(t, e, 'debts.import.errors')) },
    );
  };
  const close = (open: boolean) => {
    if (!open) {
      setFile(null);
      setResult(null);
      setError(null);
    }
    onOpenChange(open);
  };
  return (
    <Dialog
      title={t(kind === 'oneC' ? 'debts.import.title1C' : 'debts.import.titleDislocation')}
      isOpen={isOpen}
      onOpenChange={close}
      closeLabel={t('debts.import.close')}
      size="lg"
      footer={
        <div className={s.formEnd}>
          <Button variant="secondary" onPress={() => run('preview')} isDisabled={!file} isPending={send.isPending && send.variables?.action === 'preview'}>
            {t('debts.import.preview')}
          </Button>
          <Button onPress={() => run('import')} isDisabled={!file || !result || result.committed} isPending={send.isPending && send.variables?.action === 'import'}>
            {t('debts.import.confirm')}
          </Button>
        </div>
      }
    >
      <div className={f.form}>
        <p className={f.note}>{t('debts.import.hint')}</p>
        <label htmlFor={inputId}>{t('debts.import.file')}</label>
        <input
          id={inputId}
          className={s.fileInput}
          type="file"
          accept=".csv,.txt,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setResult(null);
            setError(null);
          }}
        />
        {error ? (
          <p className={f.error} role="alert">
            {error}
          </p>
        ) : null}
        {result ? <ResultView result={result.result} committed={result.committed} /> : null}
      </div>
    </Dialog>
  );
}
