import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { createAppServices } from './services';
import { registerServiceWorker, whenStable } from './service-worker';
import { handOverBootShell } from './boot-shell';

/**
 * The full app's entry (every page but a fresh load of the sign-in form, see app/entry.ts):
 * the app's services, providers and data router rendered into `root`, and the offline/update
 * helper of SPEC §1 registered once the first route has loaded and the browser is idle (or after 30 s).
 */
export function start(root: HTMLElement): void {
  const services = createAppServices();
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
