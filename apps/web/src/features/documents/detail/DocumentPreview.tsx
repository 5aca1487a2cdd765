import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import DOMPurify from 'dompurify';
import { fileExtension, type DocumentVersion } from '@servicedesk/contracts';
import { useVersionBytes, useVersionHtml } from '@servicedesk/api/documents/documents';
import { documentsErrorText } from '../shared/errors';
import * as s from '../shared/documents.css';

/** The PDF view and pdf.js load only when a PDF is previewed. */
const PdfView = lazy(() => import('./PdfView').then((m) => ({ default: m.PdfView })));

const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);

/** How a file is previewed, by its extension: pdf.js, the server's HTML of a DOCX, an image, or not at all. */
export function previewKind(name: string): 'pdf' | 'docx' | 'image' | null {
  const ext = fileExtension(name);
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  return IMAGES.has(ext) ? 'image' : null;
}

/**
 * A version previewed in the browser (issue #41): a PDF's pages with pdf.js, a DOCX as HTML (the
 * server's mammoth conversion, sanitised here with DOMPurify: no scripts, no event handlers, no
 * styles or forms), an image as itself; other files say to download them. The bytes are read with
 * the session like a download (whoever may read the document: a folder permission, or routed to them).
 */
export function DocumentPreview({ documentId, version }: { documentId: number; version: DocumentVersion }) {
  const { t } = useTranslation();
  const kind = previewKind(version.file.name);
  const bytes = useVersionBytes(documentId, kind === 'pdf' || kind === 'image' ? version.versionNo : null);
  const html = useVersionHtml(documentId, kind === 'docx' ? version.versionNo : null);
  const error = bytes.error ?? html.error;
  if (kind === null) return <p className={s.muted}>{t('documents.detail.previewNone')}</p>;
  if (error) return <p role="alert" className={s.error}>{documentsErrorText(t, error)}</p>;
  if (kind === 'docx') return html.data ? <DocxView html={html.data.html} name={version.file.name} /> : <p className={s.muted}>{t('loading')}</p>;
  if (!bytes.data) return <p className={s.muted}>{t('loading')}</p>;
  if (kind === 'image') return <ImageView blob={bytes.data} name={version.file.name} />;
  return (
    <Suspense fallback={<p className={s.muted}>{t('loading')}</p>}>
      <PdfView blob={bytes.data} name={version.file.name} />
    </Suspense>
  );
}

/** The DOCX's HTML, sanitised: only the text structure mammoth writes (paragraphs, headings, lists, tables, links, emphasis). */
function DocxView({ html, name }: { html: string; name: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'a', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'br'],
        ALLOWED_ATTR: ['href', 'colspan', 'rowspan'],
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
      }),
    [html],
  );
  // Sanitised by DOMPurify just above, to a list of text tags and plain links.
  return <div className={s.preview} aria-label={name} role="document" data-testid="docx-preview" dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** An image version from its bytes (an object URL, revoked when it goes). */
function ImageView({ blob, name }: { blob: Blob; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(blob);
    let live = true;
    // Set after the effect (the URL is an external resource the cleanup revokes).
    queueMicrotask(() => {
      if (live) setUrl(made);
    });
    return () => {
      live = false;
      URL.revokeObjectURL(made);
    };
  }, [blob]);
  return url ? (
    <div className={s.preview}>
      <img className={s.previewImage} src={url} alt={name} />
    </div>
  ) : null;
}
