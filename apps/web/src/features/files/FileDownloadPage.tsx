import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button } from '@servicedesk/ui/Button';
import { downloadFailureText, useFileDownload } from '../shared/files/use-file-download';
import * as p from '../shared/page.css';
import * as s from '../shared/files/files.css';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /home/download?file=<server handle>&name=<file name> — where a file link lands when it is
 * opened in a new tab, bookmarked or shared (the list downloads in place on a plain click): it
 * downloads the file at once with the session (POST DownloadFile; the server checks the caller
 * may read the record it belongs to), then says it did, or shows the server's reason (403, 404)
 * and offers to try again. Without `file` it says the address names no file.
 */
export function FileDownloadPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const handle = params.get('file');
  const name = params.get('name') ?? handle ?? '';
  const download = useFileDownload();
  const [state, setState] = useState<State>({ kind: 'working' });

  const run = useCallback(() => {
    if (!handle) return;
    setState({ kind: 'working' });
    download({ url: handle, name })
      .then(() => setState({ kind: 'done' }))
      .catch((error: unknown) => setState({ kind: 'failed', message: downloadFailureText(error, t) }));
  }, [download, handle, name, t]);

  // Once per address (React's development double effects must not download twice).
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!handle || started.current === handle) return;
    started.current = handle;
    run();
  }, [handle, run]);

  return (
    <div className={p.page}>
      <h1 className={p.heading}>{t('files.downloadPage.title')}</h1>
      <section className={p.card}>
        {!handle ? (
          <p role="alert" className={s.downloadMessage}>
            {t('files.downloadPage.missing')}
          </p>
        ) : state.kind === 'working' ? (
          <p role="status" className={s.downloadMessage}>
            {t('files.downloadPage.working', { name })}
          </p>
        ) : state.kind === 'done' ? (
          <p role="status" className={s.downloadMessage}>
            {t('files.downloadPage.done', { name })}
          </p>
        ) : (
          <p role="alert" className={s.downloadMessage}>
            {state.message}
          </p>
        )}
        <div className={s.downloadActions}>
          {handle && state.kind !== 'working' ? (
            <Button variant="secondary" onPress={run}>
              {t('files.downloadPage.again')}
            </Button>
          ) : null}
          <RouterLink to="/home/dashboard">{t('files.downloadPage.back')}</RouterLink>
        </div>
      </section>
    </div>
  );
}
