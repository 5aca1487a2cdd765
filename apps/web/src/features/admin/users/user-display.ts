import { languages } from '@servicedesk/i18n';
// The profile's mask, not the ui PhoneField's formatPhone: that one brings imask (~16 KB gzip) onto the users pages.
import { phoneToMasked } from '../../profile/phone';

/** "+994 (50) 1234567" for a stored `994…` number; '' when none. */
export function displayPhone(phone: string | null): string {
  return phone ? `+994 ${phoneToMasked(phone)}` : '';
}

/** A language code as its own name ("Azərbaycanca", "English", …). */
export function languageLabel(code: string): string {
  return languages.find((l) => l.code === code)?.label ?? code;
}

/**
 * The avatar's src: only a URL a browser can load by itself. A stored file handle (`files/{id}`)
 * needs the session token (POST DownloadFile), so the Avatar shows initials for it instead of
 * asking for a page that is not an image.
 */
export function avatarSrc(imgPath: string | null): string | null {
  return imgPath && /^(https?:|\/|data:)/.test(imgPath) ? imgPath : null;
}
