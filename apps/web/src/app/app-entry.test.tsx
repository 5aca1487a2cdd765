import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each yield of the app's start, resumed by the test (a task boundary in the browser). */
const yields: (() => void)[] = [];
const steps: string[] = [];
vi.mock('@servicedesk/api/yield-to-main', () => ({
  yieldToMain: () => new Promise<void>((resolve) => yields.push(resolve)),
}));
vi.mock('./i18n', () => ({
  createAppI18n: () => {
    steps.push('i18n');
    return { language: 'az' };
  },
}));
vi.mock('./services', () => ({
  createAppServices: (options: { i18n?: unknown }) => {
    steps.push(`services with ${options.i18n ? 'that i18n' : 'its own i18n'}`);
    return { i18n: options.i18n, router: { state: { initialized: true, navigation: { state: 'idle' } }, subscribe: () => () => {} } };
  },
}));
vi.mock('react-dom/client', () => ({
  createRoot: () => ({ render: () => steps.push('render') }),
}));
vi.mock('./boot-shell', () => ({ handOverBootShell: () => {} }));
vi.mock('./service-worker', () => ({ registerServiceWorker: () => Promise.resolve(), whenStable: () => Promise.resolve() }));

const settleMicrotasks = async () => {
  for (let i = 0; i < 20; i++) await null;
};

beforeEach(() => {
  yields.length = 0;
  steps.length = 0;
});

describe("the app's start (issue #19: no long task behind the boot shell)", () => {
  it('makes i18next, then the services and the router (and renders), each in a task after the one before', async () => {
    const { start } = await import('./app-entry');
    const started = start(document.createElement('div'));
    await settleMicrotasks();
    expect(steps).toEqual([]);
    yields.shift()!();
    await settleMicrotasks();
    expect(steps).toEqual(['i18n']);
    yields.shift()!();
    await started;
    expect(steps).toEqual(['i18n', 'services with that i18n', 'render']);
  });
});
