import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as MenuBadge from '../../features/news/menu-badge';

/** How often each part of the shell rendered: the top bar draws the bell, the sidebar calls the badge hook. */
const renders = { topBar: 0, sidebar: 0 };
vi.mock('../../features/notifications/NotificationBell', () => ({
  NotificationBell: () => {
    renders.topBar++;
    return null;
  },
}));
vi.mock('../../features/news/menu-badge', async (original) => {
  const real = await original<typeof MenuBadge>();
  return {
    ...real,
    useNewsMenuBadge: (items: Parameters<typeof real.useNewsMenuBadge>[0]) => {
      renders.sidebar++;
      return real.useNewsMenuBadge(items);
    },
  };
});

// test/setup.ts imports the shell before this file's mocks apply: load the app afresh, with them.
vi.resetModules();
const { act, cleanup, screen, waitFor } = await import('@testing-library/react');
const { giveDataTablesHeight } = await import('../../../test/datatable-layout');
const { mockServerForFile, renderApp, signIn } = await import('../../../test/render-app');

const server = mockServerForFile();
giveDataTablesHeight();
afterAll(() => cleanup());

describe('the signed-in shell renders only what changed (issue #19)', () => {
  it('is not re-rendered by the page’s data answers or the session circle’s tick', async () => {
    localStorage.clear();
    signIn();
    const answered = new Set<string>();
    server.events.on('response:mocked', ({ request }) => answered.add(new URL(request.url).pathname));
    renderApp('/home/helpdesk/requests');
    await waitFor(() => expect(screen.queryAllByRole('link', { name: /^HD-2026-/ }).length).toBeGreaterThan(0));
    // The menus and the unread-news count (the sidebar's badge) have answered and are shown.
    await waitFor(() => expect(answered).toContain('/api/news/unread'));
    await screen.findByLabelText(/^\d+ unread posts$/);
    const settled = { ...renders };
    // Drawn once: not again for the menus, the page's permissions, reference data and list.
    expect(settled.topBar).toBe(1);
    // Three ticks of the session watch: it ticks every second and on each storage event (another
    // tab's change), the same re-read of the session; three events stand for three seconds. The
    // circle is there, the bars were left alone.
    const circle = screen.getByRole('timer');
    for (let i = 0; i < 3; i++) act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'sd.token' })));
    expect(circle).toBeInTheDocument();
    expect(renders.topBar).toBe(1);
    expect(renders.sidebar).toBe(settled.sidebar);
  });
});
