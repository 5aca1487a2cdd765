import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppServices } from './services';
import { registerServiceWorker, whenStable } from './service-worker';
import { handOverBootShell } from './boot-shell';
import { createAppI18n } from './i18n';
import { yieldToMain } from '@servicedesk/api/yield-to-main';

/**
 * The full app's entry (every page but a fresh load of the sign-in form, see app/entry.ts):
 * the app's services, providers and data router rendered into `root`, and the offline/update
 * helper of SPEC §1 registered once the first route has loaded and the browser is idle (or after 30 s).
 * In three tasks (issue #19: on a phone one start of ~60 ms at 4× was a long task behind the boot
 * shell): this module's evaluation (React DOM's first), i18next, then the services and the router's
 * first navigation. Resolves once the app is rendering.
 */
export async function start(root: HTMLElement): Promise<void> {
  await yieldToMain();
  const i18n = createAppI18n();
  await yieldToMain();
  const services = createAppServices({ i18n });
  createRoot(root).render(
    <StrictMode>
      <AppProviders services={services}>
        <RouterProvider router={services.router} />
      </AppProviders>
    </StrictMode>,
  );

  const firstRouteLoaded = new Promise<void>((resolve) => {
    if (services.router.state.initialized && services.router.state.navigation.state === 'idle') return resolve();
    const unsubscribe = services.router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      unsubscribe();
      resolve();
    });
  });
  // index.html may have drawn the page's frame and heading before the scripts loaded (boot-shell.ts).
  handOverBootShell(root, firstRouteLoaded);
  void registerServiceWorker({ stable: whenStable(firstRouteLoaded), language: () => services.i18n.language });
}
