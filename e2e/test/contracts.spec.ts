import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { escapeRegExp, t } from './support/i18n';
import { apiLogin, demoUsers, type LoginAnswer, signedInContext } from './support/session';
import { expectAccessible } from './support/a11y';

/*
 * Contracts end to end (issue #14 "Done when"), on the real server and hub: the author (the
 * accountant) creates a contract with a new counterparty whose TIN another counterparty already
 * has — warned as it is typed, naming the holder — fixes the TIN and submits; two reviewers (visa
 * pool, director) endorse it, the lawyer returns it with a comment, the author fixes and resubmits,
 * the lawyer approves and the clerk registers it: the registry number appears. The author's
 * contract page shows every step without a reload. An employee without the permission gets 403
 * from the server for every contract call. Every wait is a condition on what a user sees.
 */

const az = (key: string, params?: Record<string, string | number>) => t('az', key, params);

const status = (page: Page) => page.getByTestId('contract-status');
const stageText = (statusCode: string, stage?: string) =>
  stage
    ? `${az(`contracts.status.${statusCode}`)} · ${az(`contracts.stage.${stage}`)}`
    : az(`contracts.status.${statusCode}`);

test.describe('contracts: the chain visa → lawyer → clerk, live for the author', () => {
  // A chain of four signed-in people (author, visa, lawyer, clerk), each opening the contract in a
  // browser context of its own and acting on it, with live updates awaited between them.
  test.describe.configure({ timeout: 240_000 });

  test('duplicate TIN warned then fixed → two visas → lawyer returns → fixed and resubmitted → lawyer approves → clerk registers; employee refused', async ({
    browser,
    baseURL,
    request,
  }, testInfo) => {
    const [authorLogin, visaLogin, directorLogin, lawyerLogin, clerkLogin, employeeLogin] =
      await Promise.all(
        [
          demoUsers.accountant,
          demoUsers.visapool,
          demoUsers.director,
          demoUsers.lawyer,
          demoUsers.clerk,
          demoUsers.employee,
        ].map((email) => apiLogin(request, email)),
      ) as [LoginAnswer, LoginAnswer, LoginAnswer, LoginAnswer, LoginAnswer, LoginAnswer];

    // --- The author writes the contract; the TIN typed belongs to a seeded contractor.
    const author = await signedInContext(browser, baseURL!, authorLogin);
    const page = await author.newPage();
    await page.goto('/home/contracts/new');
    const form = page.getByRole('form', { name: az('contracts.form.createTitle') });
    await form.getByRole('radio', { name: az('contracts.form.new') }).check();
    await expectAccessible(page, testInfo);
    const name = `E2E Podratçı ${Date.now().toString(36)}`;
    await form.getByRole('textbox', { name: az('contracts.fields.counterpartyName') }).fill(name);
    const tin = form.getByRole('textbox', { name: az('contracts.fields.tin') });
    await tin.fill('1500123451');
    await expect(
      form.getByText(az('contracts.form.tinTaken', { name: 'Abşeron Tikinti MMC' })),
    ).toBeVisible();
    const freeTin = `7${String(Date.now()).slice(-9)}`;
    await tin.fill(freeTin);
    await expect(form.getByText(az('contracts.form.tinFree'))).toBeVisible();
    await form
      .getByRole('textbox', { name: az('contracts.fields.subject') })
      .fill('Ofis mebelinin təchizatı');
    await form.getByRole('textbox', { name: az('contracts.fields.amount') }).fill('12500,00');
    await form.getByRole('checkbox', { name: 'Nərmin İsmayılova' }).check();
    await form.getByRole('checkbox', { name: 'Tural Həsənov' }).check();
    await form.getByRole('button', { name: az('contracts.form.saveAndSubmit') }).click();
    await expect(page).toHaveURL(/\/home\/contracts\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(status(page)).toHaveText(stageText('IN_APPROVAL', 'visa'));
    await expect(page.getByText(`${name} (${az('contracts.kind.vendor')})`)).toBeVisible();

    // Each decider opens the contract in their own browser and presses their button.
    const decide = async (login: LoginAnswer, action: string, comment?: string) => {
      const context = await signedInContext(browser, baseURL!, login);
      const p = await context.newPage();
      await p.goto(`/home/contracts/${id}`);
      await p.getByRole('button', { name: az(`contracts.actions.${action}`), exact: true }).click();
      if (comment) {
        const dialog = p.getByRole('dialog');
        await dialog.getByRole('textbox').fill(comment);
        await dialog
          .getByRole('button', { name: az(`contracts.actions.${action}`), exact: true })
          .click();
        await expect(dialog).toBeHidden();
      }
      await expect(p.getByText(az(`contracts.actions.done.${action}`))).toBeVisible();
      await context.close();
    };

    // --- Two reviewers endorse it (in parallel steps); the author's page follows live.
    await decide(visaLogin, 'visa');
    await expect(status(page)).toHaveText(stageText('IN_APPROVAL', 'visa'));
    await decide(directorLogin, 'visa');
    await expect(status(page)).toHaveText(stageText('IN_APPROVAL', 'lawyer'));

    // --- The lawyer returns it with a comment: the author sees it returned, with the comment.
    await decide(lawyerLogin, 'lawyerReject', 'Cərimə bəndini dəqiqləşdirin, zəhmət olmasa.');
    await expect(status(page)).toHaveText(stageText('RETURNED'));
    await expect(
      page.getByText('Cərimə bəndini dəqiqləşdirin, zəhmət olmasa.').first(),
    ).toBeVisible();

    // --- The author fixes the subject and submits again.
    await page.getByRole('button', { name: az('contracts.actions.edit'), exact: true }).click();
    const edit = page.getByRole('form', {
      name: new RegExp(escapeRegExp(az('contracts.form.editTitle', { number: '' }).trim())),
    });
    await edit
      .getByRole('textbox', { name: az('contracts.fields.subject') })
      .fill('Ofis mebelinin təchizatı (cərimə bəndi ilə)');
    await edit.getByRole('button', { name: az('contracts.form.saveAndSubmit') }).click();
    await expect(page).toHaveURL(new RegExp(`/home/contracts/${id}$`));
    await expect(status(page)).toHaveText(stageText('IN_APPROVAL', 'visa'));

    // The second round's visas through the API (the first round went through the pages).
    for (const login of [visaLogin, directorLogin]) {
      const res = await request.post(`/api/contracts/${id}/visa`, {
        headers: { authorization: `Bearer ${login.token}` },
        data: {},
      });
      expect(res.status()).toBe(200);
    }
    await expect(status(page)).toHaveText(stageText('IN_APPROVAL', 'lawyer'));

    // --- The lawyer approves, the clerk registers: the number appears on the author's page.
    await decide(lawyerLogin, 'lawyerCallback');
    await expect(status(page)).toHaveText(stageText('IN_APPROVAL', 'clerk'));
    await decide(clerkLogin, 'clerkProcess');
    await expect(status(page)).toHaveText(stageText('ACTIVE'));
    await expect(page.getByTestId('contract-number')).toHaveText(/^CT-\d{4}-\d{4,}$/);
    await expectAccessible(page, testInfo);
    const number = (await page.getByTestId('contract-number').textContent())!.trim();
    await page.goto('/home/contracts');
    await expect(page.getByRole('link', { name: number })).toBeVisible();
    await expectAccessible(page, testInfo);

    // --- An employee without the permission: 403 from the server for every contract call.
    const auth = { authorization: `Bearer ${employeeLogin.token}` };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/contracts/reference'],
      ['GET', '/api/contracts/dashboard'],
      ['GET', `/api/contracts/checkTin?tin=${freeTin}`],
      ['POST', '/api/contracts/grid', {}],
      ['POST', '/api/contracts/save', {}],
      ['GET', `/api/contracts/${id}`],
      ['GET', `/api/contracts/${id}/pdf`],
      ['POST', `/api/contracts/${id}/submit`],
      ['POST', `/api/contracts/${id}/cancel`, {}],
      ['POST', `/api/contracts/${id}/visa`, {}],
      ['POST', `/api/contracts/${id}/lawyerCallback`, {}],
      ['POST', `/api/contracts/${id}/lawyerReject`, { comment: 'Bəndi dəqiqləşdirin.' }],
      ['POST', `/api/contracts/${id}/clerkProcess`, {}],
      ['POST', `/api/contracts/${id}/deactivate`, { desc: 'Tərəflərin razılığı ilə.' }],
      ['POST', `/api/contracts/${id}/renew`],
    ];
    for (const [method, url, data] of calls) {
      const res =
        method === 'GET'
          ? await request.get(url, { headers: auth })
          : await request.post(url, { headers: auth, ...(data !== undefined ? { data } : {}) });
      expect(res.status(), `${method} ${url}`).toBe(403);
    }
    await author.close();
  });
});
