import { type Locator, type Page } from '@playwright/test';
import { escapeRegExp, t } from './i18n';

/** The notification bell's accessible name in az ("Bildirişlər"), followed by ", N" while N are unread. */
export const bellName = t('az', 'notifications.ui.bell');

/** The top bar's notification bell, whatever its unread count. */
export function bell(page: Page): Locator {
  return page.getByRole('button', { name: new RegExp(`^${escapeRegExp(bellName)}`) });
}

/** The unread count in the bell's name ("Bildirişlər, 13" → 13; "Bildirişlər, 99+" → 99; "Bildirişlər" → 0). */
export async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  const match = /, (\d+)\+?$/.exec(name);
  return match ? Number(match[1]) : 0;
}
