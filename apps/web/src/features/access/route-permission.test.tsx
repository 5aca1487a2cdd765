import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '@servicedesk/api/handlers';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';
import { preloadScript } from '../../../scripts/route-preload.mjs';
import { EARLY_PERMISSIONS } from './early-permission';

const server = mockServerForFile();

/** Answers checkMenuPermission from `granted` and records every actionName asked. */
function permissionsOf(granted: string[]) {
  const asked: string[] = [];
  server.use(
    http.post(apiPath('/global/checkMenuPermission'), async ({ request }) => {
      const { actionName } = (await request.json()) as { actionName: string };
      asked.push(actionName);
      return HttpResponse.json({ hasPermission: granted.includes(actionName) });
    }),
  );
  return asked;
}

/** Every text that was ever in the document while the test ran (a flash would land here too). */
function recordTexts() {
  const seen = new Set<string>();
  const observer = new MutationObserver(() => seen.add(document.body.textContent ?? ''));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen: () => [...seen].join('\n'), stop: () => observer.disconnect() };
}

describe('page permission guard', () => {
  it('opens /home/admin/users for a user type that holds admin.users', async () => {
    signIn();
    const asked = permissionsOf(['admin.users']);
    renderApp('/home/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(asked).toContain('admin.users');
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
  });

  it('shows the 403 page at the typed URL, never the page, when the type lacks the action', async () => {
    signIn();
    permissionsOf([]);
    const texts = recordTexts();
    const { router } = renderApp('/home/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '/home/dashboard');
    expect(router.state.location.pathname).toBe('/home/admin/users');
    // The users page's own text never reached the document, not even for a moment.
    texts.stop();
    expect(texts.seen()).not.toContain('Staff accounts');
    // The app shell stays: the user can go on from the sidebar.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('guards each admin page by its own action key', async () => {
    signIn();
    const asked = permissionsOf(['admin.users']);
    const { router } = renderApp('/home/admin/user-types');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(asked).toEqual(['admin.userTypes']);

    await act(() => router.navigate('/home/admin/permissions'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
    expect(asked).toContain('admin.permissions');

    await act(() => router.navigate('/home/admin/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  });

  it('asks again on the next visit, so a permission taken away applies without a reload', async () => {
    signIn();
    const granted = ['admin.users'];
    permissionsOf(granted);
    const { router } = renderApp('/home/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    await act(() => router.navigate('/home/dashboard'));
    granted.length = 0;
    await act(() => router.navigate('/home/admin/users'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login with the page as return URL, without asking', async () => {
    const asked = permissionsOf(['admin.users']);
    const { router } = renderApp('/home/admin/users');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toContain('returnUrl=%2Fhome%2Fadmin%2Fusers');
    expect(asked).toEqual([]);
  });
});

describe("the page-permission check index.html starts (issue #19)", () => {
  /** Runs index.html's inline script on `path`, its fetch answering `answer`; returns the calls it made. */
  function runInlineScript(path: string, answer: () => Response) {
    window.history.pushState({}, '', path);
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer());
    const real = globalThis.fetch;
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    try {
      new Function(preloadScript({ files: [], table: [['^/home/admin/users/?$', [], ['admin.users']]] }))();
    } finally {
      globalThis.fetch = real;
    }
    return fetch.mock.calls;
  }
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[EARLY_PERMISSIONS];
    window.history.pushState({}, '', '/');
  });

  it("asks with the stored session as the api client would, and the page's loader takes that answer", async () => {
    signIn();
    localStorage.setItem('sd.language', 'en');
    const asked = permissionsOf([]); // the loader's own call would be refused
    const calls = runInlineScript('/home/admin/users', () => HttpResponse.json({ hasPermission: true }));
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/global/checkMenuPermission');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ actionName: 'admin.users' }) });
    expect(init.headers).toMatchObject({ Authorization: 'Bearer test-token', 'Accept-Language': 'en', 'Content-Type': 'application/json' });
    renderApp('/home/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(asked).not.toContain('admin.users');
  });

  it('asks itself when the early call failed', async () => {
    signIn();
    const asked = permissionsOf(['admin.users']);
    runInlineScript('/home/admin/users', () => new Response('{}', { status: 500 }));
    renderApp('/home/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(asked).toEqual(['admin.users']);
  });

  it('starts nothing without a session, or on a path whose route checks no permission', () => {
    expect(runInlineScript('/home/admin/users', () => HttpResponse.json({ hasPermission: true }))).toHaveLength(0);
    signIn();
    expect(runInlineScript('/home/dashboard', () => HttpResponse.json({ hasPermission: true }))).toHaveLength(0);
  });
});
