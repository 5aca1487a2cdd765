import '@servicedesk/ui/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppServices } from './app/services';
import { registerServiceWorker } from './app/service-worker';

const services = createAppServices();
const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders services={services}>
      <RouterProvider router={services.router} />
    </AppProviders>
  </StrictMode>,
);

// SPEC §1: the offline/update helper, in production builds only, once the app is stable (the first
// route has loaded, the page has finished loading and the browser is idle) or after 30 s.
const firstRouteLoaded = new Promise<void>((resolve) => {
  if (services.router.state.initialized && services.router.state.navigation.state === 'idle') return resolve();
  const unsubscribe = services.router.subscribe((state) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    unsubscribe();
    resolve();
  });
});
const pageLoaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});
const stable = Promise.all([firstRouteLoaded, pageLoaded]).then(
  () => new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 0))),
);
void registerServiceWorker({ stable, language: () => services.i18n.language });
