import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLocale } from '@servicedesk/i18n/resources';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';
import { routes } from '../../scripts/bundle-budgets.mjs';
import { bootTable } from '../../scripts/route-preload.mjs';
import { partOfDay } from '../features/dashboard/greeting';

/*
 * The boot shell (boot-shell.ts) draws a page's heading and lead from the i18n keys that
 * scripts/bundle-budgets.mjs gives its route (`boot`), before the app has loaded; the page must then
 * draw the same texts where they stood. This holds each route's keys to the page the app renders
 * there: a page whose heading changes key (or that gets a heading of data) fails here.
 */

mockServerForFile();
afterEach(() => cleanup());

const withBoot = routes.filter((r) => r.boot?.length);
const table = bootTable(withBoot, buildLocale);

describe("the boot shell's texts are the page's own (issue #19)", () => {
  it.each(withBoot.map((route) => [route.path, table[table.findIndex((t) => new RegExp(t.pattern).test(route.path))]!] as const))(
    '%s',
    async (path, boot) => {
      expect(boot, `no boot row for ${path} (${String(withBoot.length)} routes)`).toBeDefined();
      signIn();
      renderApp(path);
      const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
      const en = boot.heading.en;
      const expected = (typeof en === 'string' ? en : en[partOfDay(new Date())]).replace('{{name}}', 'Aysel');
      expect(heading).toHaveTextContent(expected);
      if (boot.lead) expect(heading.nextElementSibling).toHaveTextContent(boot.lead.en as string);
    },
  );
});
