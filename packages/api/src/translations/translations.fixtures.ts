import { translationRow } from '@servicedesk/contracts';
import { z } from 'zod';

/*
 * Fixtures of translation editing, parsed by the contract at import. A few shipped keys of each
 * language (az is the source), one of them overridden in English.
 */

const row = (key: string, shipped: string, override: string | null = null) => ({
  key,
  shipped,
  override,
  value: override ?? shipped,
  updatedBy: override === null ? null : 'Aysel Məmmədova',
  updatedAt: override === null ? null : '2026-03-01T10:00:00.000Z',
});

/** The shipped keys per language (with the overrides the mocks start from). */
export const translationsFixture = {
  az: z.array(translationRow).parse([
    row('cancel', 'Ləğv et'),
    row('menu.dashboard', 'İdarə paneli'),
    row('profile', 'Profilim'),
    row('sessionWillExpireInSeconds', 'Sessiyanız {{seconds}} saniyəyə bitəcək.'),
    row('wpNumberUpdated', 'WhatsApp nömrəniz yeniləndi.'),
  ]),
  en: z.array(translationRow).parse([
    row('cancel', 'Cancel'),
    row('menu.dashboard', 'Dashboard', 'Home board'),
    row('profile', 'My profile'),
    row('sessionWillExpireInSeconds', 'Your session will end in {{seconds}} seconds.'),
    row('wpNumberUpdated', 'Your WhatsApp number has been updated.'),
  ]),
  ru: z.array(translationRow).parse([
    row('cancel', 'Отмена'),
    row('menu.dashboard', 'Панель'),
    row('profile', 'Мой профиль'),
    row('sessionWillExpireInSeconds', 'Сеанс завершится через {{seconds}} с.'),
    row('wpNumberUpdated', 'Ваш номер WhatsApp обновлён.'),
  ]),
  tr: z.array(translationRow).parse([
    row('cancel', 'İptal'),
    row('menu.dashboard', 'Gösterge paneli'),
    row('profile', 'Profilim'),
    row('sessionWillExpireInSeconds', 'Oturumunuz {{seconds}} saniye içinde sona erecek.'),
    row('wpNumberUpdated', 'WhatsApp numaranız güncellendi.'),
  ]),
};
