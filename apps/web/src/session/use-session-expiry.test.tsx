import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionController, LOGOUT_COUNTDOWN_MS, WARNING_THRESHOLD_MS } from './session';
import { storage } from './storage';
import { useSessionExpiry } from './use-session-expiry';

const user = {
  id: 1,
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  email: 'admin@servicedesk.az',
  imgPath: null,
  language: 'az' as const,
  theme: 'light' as const,
  userTypeId: 1,
  userTypeName: 'Administrator',
};
const NOW = Date.parse('2026-01-05T10:00:00Z');

function setup() {
  const navigate = vi.fn();
  const notify = vi.fn();
  const post = vi.fn();
  const controller = createSessionController({
    navigate,
    notify,
    currentUrl: () => '/home/dashboard',
    bus: { post, subscribe: () => () => {} },
  });
  return { navigate, notify, post, controller };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useSessionExpiry', () => {
  it('opens the warning once 15 minutes or less remain', () => {
    storage.setSession('tkn', NOW + WARNING_THRESHOLD_MS + 60_000, user);
    const { controller } = setup();
    const { result } = renderHook(() => useSessionExpiry(controller));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.showWarning).toBe(false);
    expect(result.current.phase.kind).toBe('ok');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.showWarning).toBe(true);
  });

  it('runs a 30 s countdown after confirmation that survives a reload, then logs out with bypassGuard', () => {
    storage.setSession('tkn', NOW + 10 * 60_000, user);
    const first = setup();
    const tab = renderHook(() => useSessionExpiry(first.controller));
    act(() => vi.advanceTimersByTime(1000));
    expect(tab.result.current.showWarning).toBe(true);
    act(() => tab.result.current.confirmWarning());
    expect(tab.result.current.showWarning).toBe(false);
    expect(storage.getCountdownEnd()).toBe(NOW + 1000 + LOGOUT_COUNTDOWN_MS);
    act(() => vi.advanceTimersByTime(10_000));
    expect(tab.result.current.phase).toMatchObject({ kind: 'countdown', countdownRemainingMs: 20_000 });

    // "Reload": the page goes away and comes back; the countdown continues where it was.
    tab.unmount();
    act(() => vi.advanceTimersByTime(5_000));
    const second = setup();
    const reloaded = renderHook(() => useSessionExpiry(second.controller));
    expect(reloaded.result.current.phase).toMatchObject({ kind: 'countdown', countdownRemainingMs: 15_000 });
    expect(reloaded.result.current.showWarning).toBe(false);

    act(() => vi.advanceTimersByTime(15_000));
    expect(second.navigate).toHaveBeenCalledTimes(1);
    expect(second.navigate).toHaveBeenCalledWith('/auth/login?bypassGuard=true&returnUrl=%2Fhome%2Fdashboard');
    expect(second.post).toHaveBeenCalledWith({ type: 'logout' });
    expect(storage.getToken()).toBeNull();
    expect(storage.getCountdownEnd()).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    expect(second.navigate).toHaveBeenCalledTimes(1);
  });

  it('logs out with the sessionHasExpired toast when the token runs out without a countdown', () => {
    storage.setSession('tkn', NOW + 2_000, user);
    const { controller, notify, navigate } = setup();
    renderHook(() => useSessionExpiry(controller));
    act(() => vi.advanceTimersByTime(3_000));
    expect(notify).toHaveBeenCalledWith('sessionHasExpired');
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2Fhome%2Fdashboard');
  });
});
