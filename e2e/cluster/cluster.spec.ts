import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { bellCount, bellName } from '../test/support/bell';
import { chat, expectOnline, fullName, send } from '../test/support/chat';
import { expect, test } from '../test/support/fixtures';
import { t } from '../test/support/i18n';
import { apiLogin, demoUsers, signedInContext, signInViaUi, type LoginAnswer } from '../test/support/session';
import { Cluster, clusterNeeds } from './cluster';

/*
 * Two instances as one (issue #39): every call goes through HAProxy; a browser or API client is
 * pinned to instance a or b by the balancer's `sd_instance` cookie (cluster.ts), and every answer
 * names the instance in X-Served-By, so the spec proves which instance did what. A job both
 * instances schedule (news.publish) is shown to have run on each and to have done its work once. The lawyer's
 * browser is on a, the employee's on b. Every wait is for a state the users see.
 */

const needs = clusterNeeds();
const required = process.env.REQUIRE_CLUSTER === '1';
/** The clients' way back after instance a stops (the hub's reconnect schedule plus HAProxy's checks). */
const RECONNECT_MS = 90_000;
const stamp = Date.now().toString(36);

/** An API client through the balancer, pinned to `instance`. */
function pinnedApi(baseURL: string, instance: 'a' | 'b'): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: `sd_instance=${instance}` } });
}

const auth = (login: LoginAnswer) => ({ authorization: `Bearer ${login.token}` });

test.describe('two instances behind HAProxy on one PostgreSQL and one Redis act as one', () => {
  test.skip(!needs.ok && !required, `needs ${needs.missing.join(', ')}`);
  test.describe.configure({ timeout: 8 * 60_000 });
  let cluster: Cluster;

  test.beforeAll(async () => {
    if (!needs.ok) throw new Error(`REQUIRE_CLUSTER=1 but this machine lacks ${needs.missing.join(', ')}`);
    test.setTimeout(5 * 60_000);
    cluster = new Cluster();
    await cluster.start();
  });
  test.afterAll(async () => {
    await cluster?.dispose();
  });

  test('chat, notifications, files and decisions cross instances live, and stopping one loses no acknowledged write', async ({ browser }) => {
    const errors: string[] = [];
    const viaA = await pinnedApi(cluster.baseURL, 'a');
    const viaB = await pinnedApi(cluster.baseURL, 'b');
    const [lawyer, employee, lead] = await Promise.all([apiLogin(viaA, demoUsers.lawyer), apiLogin(viaB, demoUsers.employee), apiLogin(viaA, demoUsers.lead)]);
    expect((await viaA.get('/readyz')).headers()['x-served-by']).toBe('a');
    expect((await viaB.get('/readyz')).headers()['x-served-by']).toBe('b');

    // A mandatory post for everyone, due two seconds from now: both instances run the publishing
    // job (news.publish, every 30 s); the step before the SIGTERM checks it was announced once.
    const director = await apiLogin(viaA, demoUsers.director);
    const publishAt = new Date(Date.now() + 2_000);
    const scheduled = await viaA.post('/api/news/save', {
      headers: auth(director),
      data: { title: `Klaster elanı ${stamp}`, body: '<p>Hamı oxusun.</p>', audience: { everyone: true }, publishAt: publishAt.toISOString(), mandatory: true },
    });
    expect(scheduled.status(), await scheduled.text()).toBe(200);
    const postId = ((await scheduled.json()) as { post: { id: number } }).post.id;

    // The lawyer signs in with the form through the balancer on a; the employee's session is planted on b.
    const contextA = await browser.newContext({ baseURL: cluster.baseURL, locale: 'az-AZ', timezoneId: 'Asia/Baku', serviceWorkers: 'block' });
    await contextA.addCookies([{ name: 'sd_instance', value: 'a', url: cluster.baseURL }]);
    await contextA.addInitScript(() => {
      try {
        sessionStorage.setItem('sd.phonePromptShown', '1');
      } catch {
        // about:blank
      }
    });
    contextA.on('page', (page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`)));
    const pageA = await contextA.newPage();
    await pageA.goto('/auth/login');
    await signInViaUi(pageA, demoUsers.lawyer);
    await expect(pageA).toHaveURL(/\/home\//);
    expect((await pageA.request.get('/readyz')).headers()['x-served-by']).toBe('a');

    const contextB = await signedInContext(browser, cluster.baseURL, employee, { cookies: [{ name: 'sd_instance', value: 'b' }], errors });
    const pageB = await contextB.newPage();
    await pageB.goto('/home/dashboard');
    const nameB = fullName(employee);

    await test.step('a chat message and a mention sent through a reach the user on b live', async () => {
      await expectOnline(pageA, nameB, 30_000);
      const a = chat(pageA);
      await a.row(a.online, nameB).click();
      await send(pageA, nameB, `Salam, klasterdən ${stamp}`);
      await expect(pageB.getByTestId('chat-toast').filter({ hasText: `Salam, klasterdən ${stamp}` })).toBeVisible();
      const before = await bellCount(pageB);
      await send(pageA, nameB, `@${nameB} müqaviləyə bax.`);
      await expect(pageB.getByRole('button', { name: `${bellName}, ${before + 1}`, exact: true })).toBeVisible({ timeout: 30_000 });
    });

    await test.step('a file uploaded through a downloads byte-identical through b', async () => {
      const bytes = Buffer.from(`%PDF-1.4\n% klaster ${stamp}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
      const stored = await viaA.post('/api/global/FileUploadGlobal', {
        headers: auth(lawyer),
        multipart: { type: 'general', file: { name: 'klaster.pdf', mimeType: 'application/pdf', buffer: bytes } },
      });
      expect(stored.status(), await stored.text()).toBe(200);
      expect(stored.headers()['x-served-by']).toBe('a');
      const [file] = (await stored.json()) as { url: string }[];
      const back = await viaB.post('/api/global/FileServer/DownloadFile', { headers: auth(lawyer), data: { url: file!.url } });
      expect(back.status()).toBe(200);
      expect(back.headers()['x-served-by']).toBe('b');
      expect((await back.body()).equals(bytes)).toBe(true);
    });

    let requestId = 0;
    await test.step("a decision taken on a shows on the employee's page on b without a reload", async () => {
      const reference = (await (await viaB.get('/api/helpdesk/reference', { headers: auth(employee) })).json()) as {
        components: { id: number; requiresApproval: boolean }[];
      };
      const saved = await viaB.post('/api/helpdesk/requests/save', {
        headers: auth(employee),
        data: { title: `Klaster ${stamp}`, description: 'İki nüsxə bir kimi.', componentId: reference.components.find((c) => c.requiresApproval)!.id },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      requestId = ((await saved.json()) as { request: { id: number } }).request.id;
      await pageB.goto(`/home/helpdesk/requests/${requestId}`);
      const chain = pageB.getByRole('list', { name: t('az', 'approvals.chain.label') }).first();
      await expect(chain.locator(':scope > li').first()).toContainText(t('az', 'approvals.chain.states.pending'));
      const reloads: string[] = [];
      pageB.on('framenavigated', (frame) => {
        if (frame === pageB.mainFrame()) reloads.push(frame.url());
      });
      const approved = await viaA.post(`/api/helpdesk/requests/${requestId}/approve`, { headers: auth(lead), data: {} });
      expect(approved.status(), await approved.text()).toBe(200);
      expect(approved.headers()['x-served-by']).toBe('a');
      await expect(chain.locator(':scope > li').first()).toContainText(t('az', 'approvals.chain.states.approved'));
      expect(reloads).toEqual([]);
    });

    await test.step('a scheduled job runs once: after the post was announced, each instance ran the publishing job again and nobody was told twice', async () => {
      const notices = async () => {
        const answer = await viaB.post('/api/global/Layout/GetHeaderNotifications', { headers: auth(employee), data: { skipCount: 0, isRead: false } });
        const { notifications } = (await answer.json()) as { notifications: { desc: string; redirectUrl: string | null }[] };
        return notifications.filter((n) => n.desc === 'notifications.news.mandatory' && n.redirectUrl === `/home/news/${postId}`).length;
      };
      await expect.poll(notices, { timeout: 90_000, message: 'the employee is told of the due mandatory post' }).toBeGreaterThan(0);
      // A run counted after this point started after the announcement (a run is counted when it ends).
      const since = { a: await cluster.jobRuns(cluster.a, 'news.publish'), b: await cluster.jobRuns(cluster.b, 'news.publish') };
      await expect
        .poll(async () => (await cluster.jobRuns(cluster.a, 'news.publish')) > since.a && (await cluster.jobRuns(cluster.b, 'news.publish')) > since.b, {
          timeout: 90_000,
          message: 'a and b each ran news.publish again',
        })
        .toBe(true);
      expect(await notices(), 'one notice of the mandatory post').toBe(1);
    });

    await test.step('stopping a (SIGTERM) mid-use: every acknowledged write is kept, and the browser on a reconnects through b', async () => {
      const acknowledged: string[] = [];
      let writing = true;
      // Comments written one after another through the pin on a while a stops; once a is gone the
      // balancer sends them to b. A write counts only when it was answered 200.
      const writer = (async () => {
        // Until a has stopped and the pin moved, then three more (those land on b).
        for (let i = 0, after = 0; writing || after < 3; i++) {
          if (!writing) after++;
          const text = `Şərh ${stamp} #${i}`;
          try {
            const answer = await viaA.post(`/api/helpdesk/requests/${requestId}/comments`, { headers: auth(employee), data: { text, mentionedUserIds: [] } });
            if (answer.status() === 200) acknowledged.push(text);
          } catch {
            // a connection cut mid-answer: not acknowledged
          }
        }
      })();
      await expect.poll(() => acknowledged.length).toBeGreaterThan(3);
      await cluster.a.stop();
      await expect
        .poll(async () => (await viaA.get('/readyz')).headers()['x-served-by'], { timeout: 30_000, message: 'the pin on a is served by b' })
        .toBe('b');
      writing = false;
      await writer;
      const detail = (await (await viaB.get(`/api/helpdesk/requests/${requestId}`, { headers: auth(employee) })).json()) as { comments: { text: string }[] };
      const kept = detail.comments.map((c) => c.text).filter((text) => text.startsWith(`Şərh ${stamp}`));
      for (const text of acknowledged) expect(kept.filter((k) => k === text), `${text} kept once`).toHaveLength(1);
      expect(acknowledged.length).toBeGreaterThan(5);

      // The lawyer's browser was on a: its hub reconnects through the balancer to b.
      await expect(async () => {
        await send(pageA, nameB, `Hələ buradayam ${stamp}`);
        await expect(pageB.getByTestId('chat-toast').filter({ hasText: `Hələ buradayam ${stamp}` })).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: RECONNECT_MS });
    });

    await viaA.dispose();
    await viaB.dispose();
    await contextA.close();
    await contextB.close();
    expect(errors, 'uncaught errors in the pages').toEqual([]);
  });
});
