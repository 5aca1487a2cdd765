import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCrossTabBus, type CrossTabBus, type CrossTabMessage } from '@servicedesk/realtime/cross-tab';
import { createSessionController } from './session';
import { storage } from './storage';

const buses: CrossTabBus[] = [];
afterEach(() => {
  buses.splice(0).forEach((b) => b.close());
});

function tab(channel: string, currentUrl: string) {
  const bus = createCrossTabBus(channel);
  buses.push(bus);
  const navigate = vi.fn();
  const controller = createSessionController({ navigate, notify: vi.fn(), currentUrl: () => currentUrl, bus });
  return { navigate, controller, bus };
}

describe('cross-tab logout over the real BroadcastChannel bus', () => {
  it('logging out in one tab sends the other tab to login with its own return URL', async () => {
    const channel = `sd-test-${Math.random()}`;
    storage.setSession('tkn', Date.now() + 3_600_000, {
      id: 1,
      firstName: 'Aysel',
      lastName: 'Məmmədova',
      email: 'admin@servicedesk.az',
      imgPath: null,
      language: 'az',
      theme: 'light',
      userTypeId: 1,
      userTypeName: 'Administrator',
    });
    const first = tab(channel, '/home/dashboard');
    const second = tab(channel, '/user/login-history');
    const heardByFirst: CrossTabMessage[] = [];
    first.bus.subscribe((m) => heardByFirst.push(m));
    first.controller.logout();
    expect(first.navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2Fhome%2Fdashboard');
    await vi.waitFor(() => expect(second.navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2Fuser%2Flogin-history'));
    // The second tab does not echo the logout back. Shown by the message after it: the second tab
    // posts a marker once it has handled the logout; a channel delivers one sender's messages in
    // order, so an echo would have reached the first tab before the marker.
    second.bus.post({ type: 'readAllNotification' });
    await vi.waitFor(() => expect(heardByFirst).toContainEqual({ type: 'readAllNotification' }));
    expect(heardByFirst).toEqual([{ type: 'readAllNotification' }]);
    expect(first.navigate).toHaveBeenCalledTimes(1);
  });
});
