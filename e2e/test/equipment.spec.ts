import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { apiLogin, demoUsers, type LoginAnswer, plantSession, signedInContext } from './support/session';
import { bell, bellCount } from './support/bell';

/** This spec's browser contexts (support/session signedInContext). */
const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 900 } } as const;


/*
 * Equipment requests end to end (issue #12 "Done when"), four browser contexts as seeded users on
 * the real server and hub: the employee, the director, the lawyer (the visa pool's substitute: the
 * visa pool user is on leave) and the warehouse keeper. The employee submits a request over its
 * budget line (a catalogue material and a free-text item); the director sees it arrive live (list
 * and bell), sees the budget warning, is refused without the override and approves with it; the
 * substitute approves on the visa pool's behalf; the keeper issues the catalogue line from stock
 * and marks the other for purchase: the request stays APPROVED, awaiting purchase (issue #40). The
 * employee's page shows every step live. The
 * employee deciding their own request gets 403; a RETURNED request is edited and resubmitted.
 * Every wait is a condition on what a user sees or what the server answers.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);
const status = (code: string) => az(`equipment.status.${code}`);
/** The words of a translated text before its first parameter. */
const prefix = (key: string) =>
  az(key, { remaining: '§', requested: '§', name: '§', onBehalfOf: '§', n: '§', total: '§' })
    .split('§')[0]!
    .trim();

const pageStatus = (page: Page) => page.getByTestId('request-status');
const timeline = (page: Page) =>
  page.getByRole('list', { name: az('equipment.detail.historyTitle') });
const listRow = (page: Page, number: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) });

test.describe('equipment requests: employee → director (budget override) → visa pool substitute → warehouse', () => {
  // Four people in turn (employee, director, the visa pool's substitute, the warehouse), each
  // signing in and deciding on the request in a browser context of its own.
  test.describe.configure({ timeout: 240_000 });

  test('an over-budget request is approved with the override, by the substitute, and processed; each step live; self-approval refused; a returned one resubmitted', async ({
    browser,
    baseURL,
    request,
  }) => {
    const [employeeLogin, directorLogin, visaPoolLogin, lawyerLogin, keeperLogin] =
      await Promise.all([
        apiLogin(request, demoUsers.employee),
        apiLogin(request, demoUsers.director),
        apiLogin(request, demoUsers.visapool),
        apiLogin(request, demoUsers.lawyer),
        apiLogin(request, demoUsers.warehouse),
      ]);
    const auth = (login: LoginAnswer) => ({ authorization: `Bearer ${login.token}` });

    // The visa pool user is on leave today: the lawyer substitutes (whole days, Baku's calendar).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date());
    const leave = await request.post('/api/approvals/delegations', {
      headers: auth(visaPoolLogin),
      data: { substituteId: lawyerLogin.user.id, startsOn: today, endsOn: today, reason: 'Məzuniyyət' },
    });
    expect(leave.status()).toBe(200);
    const leaveId = (await leave.json()).id as number;

    const [employee, director, lawyer, keeper] = (await Promise.all(
      [employeeLogin, directorLogin, lawyerLogin, keeperLogin].map((login) =>
        signedInContext(browser, baseURL!, login, CONTEXT_OPTIONS),
      ),
    )) as [BrowserContext, BrowserContext, BrowserContext, BrowserContext];
    try {
      // --- The director watches every request; the keeper the processing queue.
      const directorList = await director.newPage();
      await directorList.goto('/home/inventory/requests');
      const allTab = directorList.getByRole('tab', { name: az('equipment.views.all') });
      await allTab.click();
      await expect(allTab).toHaveAttribute('aria-selected', 'true');
      await expect(bell(directorList)).toBeVisible();
      const bellBefore = await bellCount(directorList);
      const keeperList = await keeper.newPage();
      await keeperList.goto('/home/inventory/processing');
      await expect(
        keeperList.getByRole('tab', { name: az('equipment.views.queue') }),
      ).toHaveAttribute('aria-selected', 'true');

      // --- The employee fills the form: the legal team's supplies line (2,000 AZN left), 2,700 AZN asked.
      const form = await employee.newPage();
      await form.goto('/home/inventory/requests/new');
      await form
        .getByRole('button', { name: new RegExp(`${escapeRegExp(az('equipment.form.budget'))}$`) })
        .click();
      // The legal team's supplies line (the demo employee is in Hüquq: the budget rule, issue #40).
      await form
        .getByRole('option', { name: new RegExp(`^Hüquq · \\d{4} · ${escapeRegExp(az('equipment.budgetCategory.officeSupplies'))}`) })
        .click();
      await form
        .getByRole('textbox', { name: az('equipment.form.justification') })
        .fill('Hüquq şöbəsinin arxivi üçün kağız və laminator lazımdır.');
      const first = form.getByRole('group', { name: az('equipment.form.lineLabel', { n: 1 }) });
      await first.getByRole('combobox', { name: az('equipment.form.material') }).fill('A4');
      await form.getByRole('option', { name: /PP-A4/ }).click();
      await first.getByRole('textbox', { name: az('equipment.form.quantity') }).fill('2');
      await first.getByRole('textbox', { name: az('equipment.form.price') }).fill('600');
      await form.getByRole('button', { name: az('equipment.form.addLine') }).click();
      const second = form.getByRole('group', { name: az('equipment.form.lineLabel', { n: 2 }) });
      await second
        .getByRole('textbox', { name: az('equipment.form.item'), exact: true })
        .fill('Laminator A3');
      await second.getByRole('textbox', { name: az('equipment.form.price') }).fill('1500');
      await second.getByRole('textbox', { name: az('equipment.form.price') }).blur();
      await expect(form.getByText(prefix('equipment.budget.overOnForm'))).toBeVisible();
      await form.getByRole('button', { name: az('equipment.form.submit') }).click();
      await expect(form).toHaveURL(/\/home\/inventory\/requests\/\d+$/);
      const id = Number(new URL(form.url()).pathname.split('/').pop());
      await expect(pageStatus(form)).toContainText(status('IN_APPROVAL'));
      const number = (await form.getByText(/^INV-\d{4}-\d{6}$/).textContent())!.trim();
      await expect(form.getByTestId('budget-check')).toContainText(prefix('equipment.budget.over'));

      // --- The employee may not decide on their own request: the server refuses.
      const self = await request.post(`/api/equipment/requests/${id}/directorCallback`, {
        headers: auth(employeeLogin),
        data: { decision: 'approve', overrideBudget: true },
      });
      expect(self.status()).toBe(403);
      const selfEngine = await request.post('/api/approvals/decide', {
        headers: auth(employeeLogin),
        data: { recordKind: 'equipmentRequest', recordId: id, decision: 'approve' },
      });
      expect(selfEngine.status()).toBe(403);

      // --- The director is notified live: the row arrives and the bell counts up.
      await expect(listRow(directorList, number)).toContainText(status('IN_APPROVAL'));
      await expect.poll(() => bellCount(directorList)).toBeGreaterThan(bellBefore);

      // --- The director sees the budget warning; approving without the override is refused, with it accepted.
      const directorPage = await director.newPage();
      await directorPage.goto(`/home/inventory/requests/${id}`);
      await expect(
        directorPage
          .getByRole('alert')
          .filter({ hasText: prefix('equipment.budget.overForDirector') }),
      ).toBeVisible();
      const decision = directorPage.getByRole('group', {
        name: az('approvals.chain.yourDecision'),
      });
      await decision.getByRole('button', { name: az('approvals.actions.approve') }).click();
      await expect(decision.getByText(az('errors.api.budgetExceeded'))).toBeVisible();
      await directorPage
        .getByRole('checkbox', { name: az('equipment.budget.overrideLabel') })
        .check();
      await decision.getByRole('button', { name: az('approvals.actions.approve') }).click();
      await expect(
        directorPage.getByRole('group', { name: az('approvals.chain.yourDecision') }),
      ).toHaveCount(0);
      // The employee sees it live: the approval with the override in the timeline.
      await expect(timeline(form)).toContainText(prefix('equipment.history.override'));
      await expect(pageStatus(form)).toContainText(status('IN_APPROVAL'));

      // --- The lawyer decides the visa pool's step on its behalf.
      const lawyerPage = await lawyer.newPage();
      await lawyerPage.goto(`/home/inventory/requests/${id}`);
      await expect(
        lawyerPage.getByText(
          az('equipment.detail.asSubstitute', {
            name: `${visaPoolLogin.user.firstName} ${visaPoolLogin.user.lastName}`,
          }),
        ),
      ).toBeVisible();
      await lawyerPage
        .getByRole('group', { name: az('approvals.chain.yourDecision') })
        .getByRole('button', { name: az('approvals.actions.approve') })
        .click();
      await expect(pageStatus(lawyerPage)).toContainText(status('APPROVED'));
      await expect(pageStatus(form)).toContainText(status('APPROVED'));
      await expect(timeline(form)).toContainText(
        az('equipment.history.onBehalf', {
          name: `${lawyerLogin.user.firstName} ${lawyerLogin.user.lastName}`,
          onBehalfOf: `${visaPoolLogin.user.firstName} ${visaPoolLogin.user.lastName}`,
        }),
      );

      // --- The keeper sees it arrive in the queue, issues the paper from stock and marks the laminator for purchase.
      await expect(listRow(keeperList, number)).toContainText(status('APPROVED'));
      await listRow(keeperList, number).getByRole('link', { name: number }).click();
      await expect(keeperList).toHaveURL(new RegExp(`/home/inventory/requests/${id}$`));
      await keeperList
        .getByRole('button', {
          name: new RegExp(`${escapeRegExp(az('equipment.detail.warehouse'))}$`),
        })
        .click();
      await keeperList.getByRole('option', { name: 'Mərkəzi anbar' }).click();
      await keeperList
        .getByRole('group', { name: az('equipment.detail.lineActions', { n: 1 }) })
        .getByRole('button', { name: az('equipment.detail.issue') })
        .click();
      await expect(
        keeperList.getByText(new RegExp(`^${escapeRegExp(az('equipment.lineState.issued'))} · `)),
      ).toBeVisible();
      await expect(timeline(form)).toContainText(az('equipment.history.line.issue', { n: 1 }));
      await keeperList
        .getByRole('group', { name: az('equipment.detail.lineActions', { n: 2 }) })
        .getByRole('button', { name: az('equipment.detail.purchase') })
        .click();
      // Marked for purchase: the request stays open, awaiting purchase (issue #40; e2e my-equipment follows it to the issue).
      await expect(pageStatus(keeperList)).toContainText(az('equipment.awaitingPurchase'));
      await expect(pageStatus(form)).toContainText(status('APPROVED'));
      await expect(pageStatus(form)).toContainText(az('equipment.awaitingPurchase'));
      for (const key of ['create', 'budgetCheck', 'submit', 'approve', 'processLines'])
        await expect(timeline(form)).toContainText(az(`equipment.history.${key}`));

      // --- A returned request: edited and submitted again.
      const budgets = (
        await (
          await request.get('/api/equipment/reference', { headers: auth(employeeLogin) })
        ).json()
      ).budgets as { id: number; remaining: number }[];
      const roomy = budgets.reduce((a, b) => (b.remaining > a.remaining ? b : a));
      const saved = await request.post('/api/equipment/requests/save', {
        headers: auth(employeeLogin),
        data: {
          budgetId: roomy.id,
          justification: 'Yeni əməkdaş üçün monitor.',
          lines: [{ description: 'Monitor 24"', quantity: 1, unit: 'pcs', unitPrice: 40_000 }],
          submit: true,
        },
      });
      expect(saved.status()).toBe(200);
      const secondId = (await saved.json()).request.id as number;
      // A full page load opens a new hub connection: wait for its handshake answer before the
      // director acts, so the change reaches this page live (not a race with the connection).
      const hubReady = form
        .waitForEvent('websocket', (ws) => ws.url().includes('/ChatHub'))
        .then((ws) => ws.waitForEvent('framereceived'));
      await form.goto(`/home/inventory/requests/${secondId}`);
      await hubReady;
      await expect(pageStatus(form)).toContainText(status('IN_APPROVAL'));
      const returned = await request.post(`/api/equipment/requests/${secondId}/directorCallback`, {
        headers: auth(directorLogin),
        data: { decision: 'return', comment: 'Monitorun modelini göstərin, zəhmət olmasa.' },
      });
      expect(returned.status()).toBe(200);
      await expect(pageStatus(form)).toContainText(status('RETURNED'));
      await expect(timeline(form)).toContainText('Monitorun modelini göstərin');
      await form.getByRole('button', { name: az('equipment.detail.edit') }).click();
      await expect(form).toHaveURL(new RegExp(`/home/inventory/requests/${secondId}/edit$`));
      const line = form.getByRole('group', { name: az('equipment.form.lineLabel', { n: 1 }) });
      await expect(
        line.getByRole('textbox', { name: az('equipment.form.item'), exact: true }),
      ).toHaveValue('Monitor 24"');
      await line
        .getByRole('textbox', { name: az('equipment.form.item'), exact: true })
        .fill('Monitor Dell P2423 24"');
      await form.getByRole('button', { name: az('equipment.form.submit') }).click();
      await expect(form).toHaveURL(new RegExp(`/home/inventory/requests/${secondId}$`));
      await expect(pageStatus(form)).toContainText(status('IN_APPROVAL'));
      await expect(timeline(form)).toContainText(az('equipment.history.update'));
    } finally {
      await request.post(`/api/approvals/delegations/${leaveId}/end`, {
        headers: auth(visaPoolLogin),
      });
      await Promise.all([employee, director, lawyer, keeper].map((c) => c.close()));
    }
  });
});

test.describe('budgets: every line with what it has used and left (issue #13)', () => {
  test('the director reaches the budgets from the requests list and may change them; an employee reads them and is refused a change by the server', async ({ page, request, axe }) => {
    const director = await apiLogin(request, demoUsers.director);
    await plantSession(page, director);
    await page.goto('/home/inventory/requests');
    await page.getByRole('button', { name: az('equipment.budgets.title'), exact: true }).click();
    await expect(page).toHaveURL(/\/home\/inventory\/budgets$/);
    await expect(page.getByRole('heading', { level: 1, name: az('equipment.budgets.title') })).toBeVisible();
    const rows = page.getByTestId('budget-row');
    // The demo organisation has a budget line for every group this year.
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('button', { name: az('equipment.budgets.new') })).toBeVisible();
    await expect(rows.first().getByRole('button', { name: az('equipment.budgets.editTitle') })).toBeVisible();
    await axe();

    const employee = await apiLogin(request, demoUsers.employee);
    await plantSession(page, employee);
    await page.goto('/home/inventory/budgets');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('button', { name: az('equipment.budgets.new') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: az('equipment.budgets.editTitle') })).toHaveCount(0);
    const refused = await request.post('/api/equipment/budgets/save', {
      headers: { Authorization: `Bearer ${employee.token}` },
      data: { groupId: 1, year: new Date().getFullYear(), category: 'other', planned: 100 },
    });
    expect(refused.status()).toBe(403);
  });
});
