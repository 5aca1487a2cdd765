/**
 * The `Content-Disposition` of a download (RFC 6266 with RFC 5987's encoding): an ASCII fallback
 * `filename` (non-ASCII, quotes and backslashes as `_`) and the exact UTF-8 `filename*`.
 * `attachment` — replace it with `inline` for a file shown in place.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
