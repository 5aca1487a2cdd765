import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { t } from './support/i18n';
import { apiLogin, demoUsers, type LoginAnswer, signedInContext } from './support/session';

/*
 * One record of each approval kind, from its list to a decision, on the real server: the author
 * creates it (through the API: the forms have their own specs), the approver opens their list,
 * clicks the record's row with the mouse (not its link, not Enter), decides on the record's page,
 * and the approval chain on that page shows the step decided — without a reload. The author of a
 * registry entry is offered no decision at all (the server would refuse it: ownRecord).
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const stamp = Date.now().toString(36).slice(-5);
const auth = (login: LoginAnswer) => ({ authorization: `Bearer ${login.token}` });

async function pageFor(browser: Browser, baseURL: string, login: LoginAnswer): Promise<Page> {
  const context = await signedInContext(browser, baseURL, login, { viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Opens `list`, waits for the row showing `text` and clicks it with the mouse on a cell that is not a link; the record's page opens. */
async function openRowByClick(page: Page, list: string, text: string, url: RegExp, prepare?: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(list);
  await prepare?.(page);
  const row = page.getByRole('row').filter({ hasText: text }).first();
  await expect(row).toBeVisible();
  const cells = row.getByRole('gridcell');
  const count = await cells.count();
  let target = cells.last();
  for (let i = count - 1; i >= 0; i--) {
    if ((await cells.nth(i).getByRole('link').count()) === 0) {
      target = cells.nth(i);
      break;
    }
  }
  await target.click();
  await expect(page).toHaveURL(url);
}

/** The approval chain on the record's page. */
const chain = (page: Page) => page.getByRole('list', { name: az('approvals.chain.label') }).first();

/** Waits until the chain's first step reads as approved — on the page as it is, no reload. */
async function expectFirstStepApproved(page: Page): Promise<void> {
  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });
  await expect(chain(page).locator(':scope > li').first()).toContainText(az('approvals.chain.states.approved'));
  expect(reloads).toEqual([]);
}

/** A help-desk component whose requests wait for the group lead's approval (the demo's laptops). */
async function componentNeedingApproval(request: APIRequestContext, login: LoginAnswer): Promise<number> {
  const reference = (await (await request.get('/api/helpdesk/reference', { headers: auth(login) })).json()) as {
    components: { id: number; name: string; requiresApproval: boolean }[];
  };
  return (reference.components.find((c) => c.name === 'Noutbuk' && c.requiresApproval) ?? reference.components.find((c) => c.requiresApproval)!).id;
}

test.describe('a decision on each approval kind, from its list, shows in the chain without a reload', () => {
  test.describe.configure({ timeout: 240_000 });

  test('registry entry: the director approves from the registry; its author sees no decision', async ({ browser, baseURL, request }) => {
    const [clerk, director] = await Promise.all([apiLogin(request, demoUsers.clerk), apiLogin(request, demoUsers.director)]);
    const subject = `E2E qeydiyyat ${stamp}`;
    const saved = await request.post('/api/documents/registry/save', { headers: auth(clerk), data: { kind: 'incoming', subject, correspondent: 'Nazirlik' } });
    expect(saved.status()).toBe(200);

    const author = await pageFor(browser, baseURL!, clerk);
    await openRowByClick(author, '/home/documents/registry', subject, /\/home\/documents\/registry\/\d+$/);
    await expect(chain(author)).toBeVisible();
    await expect(author.getByRole('button', { name: az('approvals.actions.approve') })).toHaveCount(0);

    const page = await pageFor(browser, baseURL!, director);
    await openRowByClick(page, '/home/documents/registry', subject, /\/home\/documents\/registry\/\d+$/);
    await page.getByRole('group', { name: az('approvals.chain.yourDecision') }).getByRole('button', { name: az('approvals.actions.approve') }).click();
    await expectFirstStepApproved(page);
    await expect(page.getByTestId('registry-status')).toContainText(az('documents.status.APPROVED'));
  });

  test('help-desk request: the group lead approves from the queue', async ({ browser, baseURL, request }) => {
    const [employee, lead] = await Promise.all([apiLogin(request, demoUsers.employee), apiLogin(request, demoUsers.lead)]);
    const title = `E2E qərar ${stamp}`;
    const saved = await request.post('/api/helpdesk/requests/save', {
      headers: auth(employee),
      data: { title, description: 'Qərar zəncirini yoxlamaq üçün.', componentId: await componentNeedingApproval(request, employee) },
    });
    expect(saved.status()).toBe(200);

    const page = await pageFor(browser, baseURL!, lead);
    await openRowByClick(page, '/home/helpdesk/requests', title, /\/home\/helpdesk\/requests\/\d+$/, async (list) => {
      const queue = list.getByRole('tab', { name: az('helpdesk.views.queue') });
      await queue.click();
      await expect(queue).toHaveAttribute('aria-selected', 'true');
    });
    await page.getByRole('group', { name: az('helpdeskDetail.actionsTitle') }).getByRole('button', { name: az('helpdeskDetail.actions.approve'), exact: true }).click();
    await expectFirstStepApproved(page);
  });

  test('equipment request: the director approves from the requests list', async ({ browser, baseURL, request }) => {
    const [employee, director] = await Promise.all([apiLogin(request, demoUsers.employee), apiLogin(request, demoUsers.director)]);
    const budgets = ((await (await request.get('/api/equipment/reference', { headers: auth(employee) })).json()) as { budgets: { id: number; remaining: number }[] }).budgets;
    const roomy = budgets.reduce((a, b) => (b.remaining > a.remaining ? b : a));
    const justification = `E2E monitor ${stamp}: yeni əməkdaş üçün.`;
    const saved = await request.post('/api/equipment/requests/save', {
      headers: auth(employee),
      data: { budgetId: roomy.id, justification, lines: [{ description: `Monitor ${stamp}`, quantity: 1, unit: 'pcs', unitPrice: 100 }], submit: true },
    });
    expect(saved.status()).toBe(200);
    const number = ((await saved.json()) as { request: { number: string } }).request.number;

    const page = await pageFor(browser, baseURL!, director);
    await openRowByClick(page, '/home/inventory/requests', number, /\/home\/inventory\/requests\/\d+$/, async (list) => {
      const all = list.getByRole('tab', { name: az('equipment.views.all') });
      await all.click();
      await expect(all).toHaveAttribute('aria-selected', 'true');
    });
    await page.getByRole('group', { name: az('approvals.chain.yourDecision') }).getByRole('button', { name: az('approvals.actions.approve') }).click();
    await expectFirstStepApproved(page);
  });
});
