import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import type { OpenedPdf } from './pdf-render';
import * as s from '../shared/documents.css';

/**
 * A PDF's pages in the browser (pdf.js, loaded with this view): one page at a time on a canvas,
 * previous / next buttons and "page n of m"; a file pdf.js cannot open says so.
 */
export function PdfView({ blob, name }: { blob: Blob; name: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<OpenedPdf | null>(null);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const [rendered, setRendered] = useState(0);

  useEffect(() => {
    let opened: OpenedPdf | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const { openPdf } = await import('./pdf-render');
        opened = await openPdf(await blob.arrayBuffer());
        if (cancelled) void opened.destroy();
        else setPdf(opened);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [blob]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    const width = canvas.current.parentElement?.clientWidth || 800;
    pdf.render(page, canvas.current, width).then(
      () => setRendered(page),
      () => setFailed(true),
    );
  }, [pdf, page]);

  if (failed) return <p className={s.muted}>{t('documents.errors.noPreview')}</p>;
  return (
    <div className={s.form}>
      <div className={s.preview}>
        <canvas ref={canvas} role="img" aria-label={t('documents.detail.previewPage', { name, n: page, total: pdf?.pages ?? 1 })} data-rendered-page={rendered || undefined} />
      </div>
      {pdf ? (
        <div className={s.actions}>
          <Button size="sm" variant="secondary" isDisabled={page <= 1} onPress={() => setPage((n) => n - 1)}>
            {t('documents.detail.prevPage')}
          </Button>
          <span aria-live="polite">{t('documents.detail.pageOf', { n: page, total: pdf.pages })}</span>
          <Button size="sm" variant="secondary" isDisabled={page >= pdf.pages} onPress={() => setPage((n) => n + 1)}>
            {t('documents.detail.nextPage')}
          </Button>
        </div>
      ) : (
        <p className={s.muted}>{t('loading')}</p>
      )}
    </div>
  );
}
