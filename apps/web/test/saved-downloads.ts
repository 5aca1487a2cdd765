import { vi } from 'vitest';

/**
 * Catches what the app hands the browser as downloads (saveBlob: an object URL on a clicked
 * `<a download>`): `saved` holds the Blobs in order, `clicks` the spy whose `mock.contexts` are
 * the clicked links (their `download` is the file name). Undone by `vi.restoreAllMocks()`.
 */
export function catchSavedDownloads() {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:saved';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { saved, clicks };
}
