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
// Likewise the fields and the grid that pages now load when they first render (features/shared/
// lazy-fields.tsx, AppDataTable): the pages imported them statically before.
await Promise.all([
  import('@servicedesk/ui/DataTable'),
  import('@servicedesk/ui/DatePicker'),
  import('@servicedesk/ui/DateRangePicker'),
  import('../src/features/shared/files/FileUploadField'),
  import('@servicedesk/ui/Select'),
  import('@servicedesk/ui/SelectSearch'),
]);

// Whole-app tests wait for lazy routes, lazily loaded fields and MSW answers: findBy waits for the
// state, and this is only its ceiling — 5 s was passed on two cores under a load of 20 (CI beside
// other work); a test that is right still ends as soon as its state appears.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  fakeHubs.next = null;
  fakeHubs.created.length = 0;
  localStorage.clear();
});

