// Test workers get the same Node 20 polyfills as the main process (Map.groupBy, Promise.withResolvers, Set methods).
import '../../../tooling/node-polyfills.mjs';
import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { fakeHubs } from './fake-hub';

// No web unit test reaches a real /ChatHub: the tab's hub connection is a fake (test/fake-hub.ts).
// A test that drives it sets `fakeHubs.next = createFakeHub(...)` before rendering.
vi.mock('../src/realtime/environment', async () => (await import('./fake-hub')).fakeRealtimeEnvironment());

// The signed-in shell is a lazy chunk in the app (issue #19 bundle budgets). Import it once here,
// as the router's static import did before, so a file's first whole-app render does not also wait
// for its transform (seconds on 2 busy cores). Not the chat: ChatDock.test mocks its environment,
// and a module imported before that mock would keep the real one.
await import('../src/app/layouts/AppShell');

// Whole-app tests wait for lazy routes and MSW answers; 1 s is tight on 2 busy cores.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  fakeHubs.next = null;
  fakeHubs.created.length = 0;
  localStorage.clear();
});

