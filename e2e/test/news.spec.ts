import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, signedInContext } from './support/session';

/*
 * News end to end (issue #18 "Done when"), four browser contexts on the real server and hub: the
 * director (an author) publishes a mandatory post to IT support; the IT executor (a member) sees
 * it arrive live in the open feed, likes it, comments @mentioning the group's lead (who is
 * notified) and confirms reading; the employee (no IT member) neither sees it in the feed nor
 * opens it by URL (403 from the server, "not for you" on the page); the director's page shows the
 * confirmation percentage, live.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);

test.describe('news: a mandatory post to one group', () => {
  // The editor's post, then each member of the group signing in to meet it as a mandatory read.
  test.describe.configure({ timeout: 180_000 });

  test('publish to IT support → a member sees it live, likes, mentions, confirms; an outsider gets 403; the author sees 50%', async ({ browser, baseURL, request }) => {
    const [directorLogin, memberLogin, leadLogin, outsiderLogin] = await Promise.all([
      apiLogin(request, demoUsers.director),
      apiLogin(request, demoUsers.executor),
      apiLogin(request, demoUsers.lead),
      apiLogin(request, demoUsers.employee),
    ]);
    const [director, member, outsider] = await Promise.all([
      signedInContext(browser, baseURL!, directorLogin),
      signedInContext(browser, baseURL!, memberLogin),
      signedInContext(browser, baseURL!, outsiderLogin),
    ]);
    const memberFeed = await member.newPage();
    const outsiderFeed = await outsider.newPage();
    await Promise.all([memberFeed.goto('/home/news'), outsiderFeed.goto('/home/news')]);
    await expect(memberFeed.getByRole('heading', { level: 1, name: az('news.title') })).toBeVisible();
    await expect(outsiderFeed.getByRole('heading', { level: 1, name: az('news.title') })).toBeVisible();
    await expect(memberFeed.getByTestId('news-item').first()).toBeVisible();

    // --- The director writes a mandatory post for IT support.
    const title = `Təlimat ${Date.now().toString(36)}`;
    const editor = await director.newPage();
    await editor.goto('/home/news');
    await editor.getByRole('button', { name: az('news.write') }).click();
    await expect(editor).toHaveURL(/\/home\/news\/new$/);
    await editor.getByRole('textbox', { name: az('news.fields.title') }).fill(title);
    const body = editor.getByRole('textbox', { name: az('news.fields.body') });
    await body.click();
    await editor.keyboard.type('Yeni parol siyasəti ilə tanış olun.');
    await editor.getByRole('checkbox', { name: az('news.audience.everyone') }).uncheck();
    await editor.getByRole('group', { name: az('news.audience.groups') }).getByRole('checkbox', { name: 'İT dəstəyi' }).check();
    await editor.getByRole('checkbox', { name: az('news.fields.mandatory') }).check();
    await editor.getByRole('button', { name: az('news.editor.publish') }).click();
    await expect(editor).toHaveURL(/\/home\/news\/\d+$/);
    const id = Number(new URL(editor.url()).pathname.split('/').pop());
    await expect(editor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(editor.getByTestId('news-confirm-percent')).toHaveText(/0\s?%|%\s?0/);

    // --- The member sees it arrive live; the outsider does not.
    const item = memberFeed.getByTestId('news-item').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByText(az('news.mandatory'))).toBeVisible();
    await expect(outsiderFeed.getByTestId('news-item').filter({ hasText: title })).toHaveCount(0);

    // --- The outsider cannot open it by URL: the server answers 403, the page says so.
    const refused = await request.get(`/api/news/${id}`, { headers: { authorization: `Bearer ${outsiderLogin.token}` } });
    expect(refused.status()).toBe(403);
    await outsiderFeed.goto(`/home/news/${id}`);
    await expect(outsiderFeed.getByRole('heading', { level: 1, name: az('news.forbidden') })).toBeVisible();

    // --- The member opens it, likes it, mentions the lead in a comment and confirms reading.
    await item.getByRole('link', { name: title }).click();
    await expect(memberFeed.getByTestId('news-body')).toHaveText('Yeni parol siyasəti ilə tanış olun.');
    await memberFeed.getByRole('button', { name: az('news.like'), exact: true }).click();
    await expect(memberFeed.getByTestId('news-like-count')).toHaveText(az('news.likeCount', { n: 1 }));
    const comment = memberFeed.getByRole('textbox', { name: az('news.commentLabel') });
    await comment.click();
    await comment.pressSequentially('Diqqət @Gün');
    await memberFeed.getByRole('option', { name: /Günel Hüseynova/ }).click();
    await comment.pressSequentially('oxuyun');
    await memberFeed.getByRole('button', { name: az('news.sendComment') }).click();
    await expect(memberFeed.getByRole('list', { name: az('news.commentsTitle') })).toContainText('@Günel Hüseynova');
    await memberFeed.getByRole('button', { name: az('news.confirm') }).click();
    await expect(memberFeed.getByTestId('news-confirmed')).toBeVisible();

    // The mentioned lead was notified (a member of the audience).
    await expect
      .poll(async () => {
        const res = await request.post('/api/global/Layout/GetHeaderNotifications', {
          headers: { authorization: `Bearer ${leadLogin.token}` },
          data: { skipCount: 0, isRead: false },
        });
        const json = (await res.json()) as { notifications: { desc: string; redirectUrl: string | null }[] };
        return json.notifications.some((n) => n.desc === 'notifications.news.mentioned' && n.redirectUrl === `/home/news/${id}`);
      })
      .toBe(true);

    // --- The director's page shows the confirmation percentage live: 1 of 2 (the lead and the executor).
    await expect(editor.getByTestId('news-confirm-percent')).toHaveText(/50\s?%|%\s?50/);
    await expect(editor.getByRole('cell', { name: 'Elvin Quliyev' })).toBeVisible();

    await Promise.all([director.close(), member.close(), outsider.close()]);
  });
});

/** The ISO date `n` days after `day`. */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Opens /home/schedules three months ahead (a month the demo seed leaves empty) and answers that month's first Monday. */
async function openFutureMonth(page: Page): Promise<{ month: string; monday: string }> {
  await page.goto('/home/schedules');
  await expect(page.getByRole('grid')).toBeVisible();
  const now = new Date();
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: az('schedules.nextMonth') }).click();
  const month = target.toISOString().slice(0, 7);
  await expect(page.locator(`[data-testid="schedule-view"][data-month="${month}"]`)).toBeVisible();
  let monday = `${month}-01`;
  while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  return { month, monday };
}

/** A grid cell by row (person) and day. */
const cellOf = (page: Page, row: number, month: string, day: string) => page.locator(`td[data-row="${row}"][data-col="${Number(day.slice(8)) - 1}"]`);

test.describe('staff schedules: paint, copy, leave on the approval engine, export', () => {
  // A month painted cell by cell, copied, a leave request through its approvers' sessions, the export.
  test.describe.configure({ timeout: 180_000 });

  test('the lead paints a week by keyboard and copies it; the executor asks for leave; the lead approves; the grid shows it; XLSX downloads', async ({ browser, baseURL, request }) => {
    const [leadLogin, memberLogin] = await Promise.all([apiLogin(request, demoUsers.lead), apiLogin(request, demoUsers.executor)]);
    const [leadContext, memberContext] = await Promise.all([signedInContext(browser, baseURL!, leadLogin), signedInContext(browser, baseURL!, memberLogin)]);
    const lead = await leadContext.newPage();
    const { month, monday } = await openFutureMonth(lead);

    // --- Paint Monday–Friday for both people by keyboard: click, Shift+arrows, Enter.
    await cellOf(lead, 0, month, monday).click();
    await lead.keyboard.press('Shift+ArrowRight');
    await lead.keyboard.press('Shift+ArrowRight');
    await lead.keyboard.press('Shift+ArrowRight');
    await lead.keyboard.press('Shift+ArrowRight');
    await lead.keyboard.press('Shift+ArrowDown');
    await expect(lead.locator('td[aria-selected="true"]')).toHaveCount(10);
    await lead.keyboard.press('Enter');
    await expect(cellOf(lead, 1, month, addDays(monday, 4))).toHaveText('9–18');
    await expect(cellOf(lead, 0, month, monday)).toHaveText('9–18');

    // --- Copy that week to the rest of the month.
    await lead.getByRole('button', { name: az('schedules.copyWeek') }).click();
    await expect(cellOf(lead, 1, month, addDays(monday, 14))).toHaveText('9–18');
    await expect(cellOf(lead, 0, month, addDays(monday, 18))).toHaveText('9–18');
    await expect(cellOf(lead, 0, month, addDays(monday, 19))).toHaveText('');

    // --- The executor asks for two days of leave in the second week.
    const member = await memberContext.newPage();
    await member.goto('/home/schedules');
    await expect(member.getByRole('grid')).toBeVisible();
    const from = addDays(monday, 8);
    const to = addDays(monday, 9);
    await member.getByLabel(az('schedules.leave.from')).fill(from);
    await member.getByLabel(az('schedules.leave.to')).fill(to);
    await member.getByLabel(az('schedules.leave.reason')).fill('Ailə səfəri');
    await member.getByRole('button', { name: az('schedules.leave.ask') }).click();
    await expect(member.getByTestId('leave-row').first()).toContainText(az('schedules.leave.statuses.IN_APPROVAL'));

    // --- The lead sees it arrive (live), opens it — the team's coverage on those days — and approves.
    const row = lead.locator(`[data-testid="leave-row"][data-start="${from}"]`);
    await expect(row).toContainText(az('schedules.leave.statuses.IN_APPROVAL'));
    await row.getByRole('link', { name: 'Elvin Quliyev' }).click();
    await expect(lead).toHaveURL(/\/home\/schedules\/leave\/\d+$/);
    await expect(lead.getByTestId('leave-coverage-row')).toHaveCount(2);
    await lead.getByRole('button', { name: az('approvals.actions.approve'), exact: true }).click();
    await expect(lead.getByTestId('leave-status')).toHaveText(az('schedules.leave.statuses.APPROVED'));

    // --- The grid shows the leave.
    await openFutureMonth(lead);
    await expect(cellOf(lead, 1, month, from)).toHaveText(az('schedules.short.vacation'));
    await expect(cellOf(lead, 1, month, to)).toHaveText(az('schedules.short.vacation'));
    await expect(cellOf(lead, 0, month, from)).toHaveText('9–18');

    // --- The month exports to XLSX (a zip: "PK").
    const [download] = await Promise.all([lead.waitForEvent('download'), lead.getByRole('button', { name: az('schedules.exportXlsx') }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await Promise.all([leadContext.close(), memberContext.close()]);
  });
});
