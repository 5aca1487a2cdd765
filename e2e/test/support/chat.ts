import { expect, type Page } from '@playwright/test';
import { escapeRegExp, t } from './i18n';
import type { LoginAnswer } from './session';

/** "First Last" as the chat and the lists show a user. */
export const fullName = (login: LoginAnswer) => `${login.user.firstName} ${login.user.lastName}`;

/** The chat's launcher, user lists, panels and popup on the home layout (az texts); shared by the realtime and cluster specs. */
export function chat(page: Page) {
  return {
    launcher: page.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('az', 'chat.title'))}`) }),
    online: page.getByTestId('chat-users-online'),
    offline: page.getByTestId('chat-users-offline'),
    /** A user's row (its name starts with the user's name). */
    row: (list: ReturnType<Page['getByTestId']>, name: string) => list.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }),
    panel: (name: string) => page.getByRole('region', { name, exact: true }),
    popup: page.getByTestId('chat-popup'),
  };
}

/** Opens the list (if closed) and waits until `name` is in the online list. */
export async function expectOnline(page: Page, name: string, timeout?: number): Promise<void> {
  const c = chat(page);
  if (!(await c.online.isVisible())) await c.launcher.click();
  await expect(c.row(c.online, name)).toBeVisible({ timeout });
}

/** Sends `text` in the open panel of the conversation with `partner` and waits for it in the panel. */
export async function send(page: Page, partner: string, text: string): Promise<void> {
  const panel = chat(page).panel(partner);
  await panel.getByRole('textbox', { name: t('az', 'chat.messageLabel') }).fill(text);
  await panel.getByRole('textbox', { name: t('az', 'chat.messageLabel') }).press('Enter');
  await expect(panel.getByTestId('chat-messages')).toContainText(text);
}
