import type { Page, WebSocket } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { demoUsers, signInViaApi } from './support/session';

/*
 * A chat socket lives no longer than its session (the server closes it): two browser contexts of
 * the same user, each its own session with its own /ChatHub WebSocket. Ending one session — from
 * the other browser's profile ("sign out everywhere else") and by signing out in the browser
 * itself — closes that session's socket, with the server's Close message naming why, while the
 * other context's socket stays open and in use. Signs in as the warehouse keeper in two contexts.
 */

/** The /ChatHub socket the page opens, with every text frame it receives and whether it closed. */
async function hubSocket(page: Page, open: () => Promise<unknown>): Promise<{ ws: WebSocket; received: string[]; closed: () => boolean }> {
  const opened = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/ChatHub'), timeout: 30_000 });
  await open();
  const ws = await opened;
  const received: string[] = [];
  let closed = ws.isClosed();
  ws.on('framereceived', (frame) => void (typeof frame.payload === 'string' && received.push(frame.payload)));
  ws.on('close', () => (closed = true));
  // The handshake answer ({} + the record separator) says the connection is up.
  await expect.poll(() => received.some((r) => r.startsWith('{}')), { timeout: 30_000 }).toBe(true);
  return { ws, received, closed: () => closed };
}

test.describe('the chat socket and the session', () => {
  test('ending one session closes its socket; the same user’s other browser keeps its own', async ({ page, browser }) => {
    const other = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const otherPage = await other.newPage();
      await signInViaApi(otherPage, demoUsers.warehouse);
      const ending = await hubSocket(otherPage, () => otherPage.goto('/home/dashboard'));

      await signInViaApi(page, demoUsers.warehouse);
      const staying = await hubSocket(page, () => page.goto('/user/profile'));

      // From this browser's profile: every other session ends — the server closes the other
      // browser's socket by itself, saying why.
      const card = page.getByRole('region', { name: t('az', 'account.sessions.heading') });
      await card.getByRole('button', { name: t('az', 'account.sessions.signOutOthers') }).click();
      await expect(card.getByText(t('az', 'account.sessions.onlyThis'))).toBeVisible();
      await expect.poll(ending.closed, { timeout: 10_000 }).toBe(true);
      expect(ending.received.join('')).toContain('"error":"Session ended: signedOutEverywhere"');
      expect(staying.closed()).toBe(false);

      // The other browser signs in again (a new session, a new socket), then signs out itself:
      // that socket closes, this browser's stays.
      await signInViaApi(otherPage, demoUsers.warehouse);
      const again = await hubSocket(otherPage, () => otherPage.goto('/home/dashboard'));
      await otherPage.getByRole('button', { name: new RegExp(`^${t('az', 'layout.userMenu')}: `) }).click();
      await otherPage.getByRole('menuitem', { name: t('az', 'logout') }).click();
      await expect(otherPage).toHaveURL(/\/auth\/login/);
      await expect.poll(again.closed, { timeout: 10_000 }).toBe(true);
      expect(staying.closed()).toBe(false);

      // And this browser's socket is still in use: the server's keep-alive or any record keeps
      // arriving on it after the other one closed.
      const seen = staying.received.length;
      await expect.poll(() => staying.received.length, { timeout: 30_000 }).toBeGreaterThan(seen);
      expect(staying.closed()).toBe(false);
    } finally {
      await other.close();
    }
  });
});
