import { useEffect, useState } from 'react';
import type { FileItem } from '@servicedesk/contracts';
import { downloadFile } from '@servicedesk/api/files/download-file';
import { useApiClient } from '@servicedesk/api/provider';

/**
 * An object URL of a post's cover image (downloaded with the session through DownloadFile; the
 * server checks the caller may read the post), or null while loading, failed or absent. The URL
 * is revoked when the cover changes or the component goes away.
 */
export function useCoverUrl(cover: FileItem | null): string | null {
  const client = useApiClient();
  const [url, setUrl] = useState<string | null>(null);
  const handle = cover?.url ?? null;
  useEffect(() => {
    if (!handle) return undefined;
    let live = true;
    let made: string | null = null;
    downloadFile(client, { url: handle })
      .then(({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [client, handle]);
  return url;
}
