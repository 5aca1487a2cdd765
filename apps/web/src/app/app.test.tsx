import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loginResponseFixture } from '@servicedesk/api/auth/auth.fixtures';
import { menusFixture } from '@servicedesk/api/global/global.fixtures';
import { matchRoutes } from 'react-router-dom';
import { apiPath, errorResponse } from '@servicedesk/api/handlers';
import { holdAnswer } from '../../test/held-answer';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';
import { toast } from '@servicedesk/ui/Toast';
import { act } from 'react';
import { storage } from '../session/storage';

const server = mockServerForFile();

const path = (r: { state: { location: { pathname: string; search: string } } }) =>
  r.state.location.pathname + r.state.location.search;

describe('routes (SPEC §2)', () => {
  it('sends the empty path through /home/dashboard to login with the return URL when signed out', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    // '' → /home → /home/dashboard, then the guard sends it to login.
    expect(path(router)).toBe('/auth/login?returnUrl=%2Fhome%2Fdashboard');
  });

  it('shows the 404 page for an unknown path, with its link back to the dashboard', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error-404');
    expect(screen.getByRole('link', { name: 'Return to dashboard' })).toHaveAttribute('href', '/home/dashboard');
  });

  it('opens a page of its own for every link of the menu — never the 404', () => {
    const { router } = renderApp('/auth/login');
    const urls = menusFixture.flatMap((item) => [item.url, ...(item.subMenus ?? []).map((child) => child.url)]).filter(Boolean);
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const matches = matchRoutes(router.routes, url) ?? [];
      expect(matches.at(-1)?.route.path, url).not.toBe('*');
    }
  });

  it('logs out an expired session with the sessionHasExpired toast and the return URL', async () => {
    signIn(-1000);
    const { router, notify } = renderApp('/user/profile');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(path(router)).toBe('/auth/login?returnUrl=%2Fuser%2Fprofile');
    expect(notify.calls).toEqual(['sessionHasExpired']);
    expect(storage.getToken()).toBeNull();
  });
});

describe('toasts (SPEC §9)', () => {
  it('shows a toast queued after the first paint, with its translated close button (the region loads then)', async () => {
    signIn();
    renderApp('/home/dashboard');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Saved for the team')).toBeNull();
    act(() => void toast.show({ title: 'Saved for the team', variant: 'success', timeout: 0 }));
    const title = await screen.findByText('Saved for the team');
    expect(title.closest('[role="alertdialog"], [role="alert"]') ?? title).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    act(() => toast.clear());
    await waitFor(() => expect(screen.queryByText('Saved for the team')).toBeNull());
  });
});

describe('HTTP 401 (SPEC §8)', () => {
  it('toasts unauthorized and logs out when the server refuses a token that has not expired', async () => {
    signIn();
    server.use(http.get(apiPath('/global/Layout/GetMenus'), () => errorResponse(401, 'invalidToken', 'Bad token')));
    const { router, notify } = renderApp('/home/dashboard');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(path(router)).toBe('/auth/login?returnUrl=%2Fhome%2Fdashboard');
    expect(notify.calls).toEqual(['unauthorized']);
    expect(storage.getToken()).toBeNull();
  });
});

describe('login', () => {
  it('signs in, adopts the language the user chose last time on a fresh browser and returns to the returnUrl', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login?returnUrl=%2Fuser%2Flogin-history');
    localStorage.removeItem('sd.language');
    await user.type(await screen.findByLabelText(/^Email/), '  admin@servicedesk.az ');
    await user.type(screen.getByLabelText(/^Password/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login-history'));
    expect(storage.getToken()).not.toBeNull();
    // The mock user's language is az.
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş tarixçəsi' })).toBeInTheDocument();
    expect(storage.getLanguage()).toBe('az');
  });

  it('keeps the language this browser chose when signing in', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText(/^Email/), 'admin@servicedesk.az');
    await user.type(screen.getByLabelText(/^Password/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / })).toBeInTheDocument();
    expect(storage.getLanguage()).toBe('en');
  });

  it('says the email or password is wrong on 401 and asks to wait on 429', async () => {
    const user = userEvent.setup();
    renderApp('/auth/login');
    await user.type(await screen.findByLabelText(/^Email/), 'admin@servicedesk.az');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    server.use(http.post(apiPath('/auth/login'), () => errorResponse(429, 'rateLimited', 'Too many')));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many failed attempts'));
  });

  it('sends the browser position when allowed and shows the spinner only after 1 s of waiting', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 40.4093, longitude: 49.8671 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    let body: unknown = null;
    // The answer is held back until the spinner has been seen (a slow server), then let through.
    const answer = holdAnswer();
    server.use(
      http.post(apiPath('/auth/login'), async ({ request }) => {
        body = await request.json();
        await answer.held;
        return HttpResponse.json(loginResponseFixture);
      }),
    );
    try {
      const user = userEvent.setup();
      renderApp('/auth/login');
      await user.type(await screen.findByLabelText(/^Email/), 'admin@servicedesk.az');
      await user.type(screen.getByLabelText(/^Password/), 'Demo1234');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(body).not.toBeNull());
      expect(body).toMatchObject({ email: 'admin@servicedesk.az', latitude: 40.4093, longitude: 49.8671 });
      expect(screen.queryByText('Signing in…')).not.toBeInTheDocument();
      // The spinner's own 1 s delay (Spinner delay={1000}) is what this waits for.
      expect(await screen.findByText('Signing in…')).toBeInTheDocument();
      // Let the answer land inside this test: left pending, it would sign in during the next one.
      answer.release();
      await waitFor(() => expect(storage.getToken()).not.toBeNull());
    } finally {
      answer.release();
      vi.unstubAllGlobals();
    }
  });

  it('tells the user the company account is used when the system has LDAP', async () => {
    server.use(http.get(apiPath('/auth/systemHasLdap'), () => Response.json({ systemHasLdap: true })));
    renderApp('/auth/login');
    expect(await screen.findByText(/company \(domain\) account/)).toBeInTheDocument();
  });

  it('sends a signed-in user on from the login page unless bypassGuard=true', async () => {
    signIn();
    const first = renderApp('/auth/login?returnUrl=%2Fuser%2Fprofile');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/user/profile'));
    first.unmount();
    const second = renderApp('/auth/login?bypassGuard=true');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/auth/login');
  });
});

describe('signed-in shell', () => {
  it('greets the user on the dashboard with the real figures, inside header, nav and main landmarks', async () => {
    signIn();
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), Aysel$/ })).toBeInTheDocument();
    expect(await screen.findByTestId('stat-activeUsers')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the dashboard figures together, once the slowest has answered (no figure pushed down by another)', async () => {
    signIn();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiPath('/helpdesk/dashboard'), async () => {
        await held;
        return HttpResponse.json({ myOpen: 3, assignedToMe: 1, myGroupQueue: 2, overdue: 0, byStatus: [], byPriority: [] });
      }),
    );
    renderApp('/home/dashboard');
    const figures = await screen.findByTestId('dashboard-figures');
    // The statistics have answered, the help-desk figures not yet: nothing shows but the status.
    await screen.findByTestId('stat-activeUsers');
    expect(figures).not.toBeVisible();
    expect(screen.getByTestId('dashboard-loading')).toHaveTextContent('Loading');
    release();
    await waitFor(() => expect(figures).toBeVisible());
    expect(screen.getByTestId('stat-activeUsers')).toBeVisible();
    expect(screen.getByTestId('helpdesk-myOpen')).toBeVisible();
    expect(screen.queryByTestId('dashboard-loading')).not.toBeInTheDocument();
  });

  it('logs out from the user menu back to login with the return URL', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/home/dashboard');
    await user.click(await screen.findByRole('button', { name: 'User menu: Aysel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(path(router)).toBe('/auth/login?returnUrl=%2Fhome%2Fdashboard');
    expect(storage.getToken()).toBeNull();
  });
});
