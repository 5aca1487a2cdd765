import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { hasVisibleToasts, subscribeToToasts } from '@servicedesk/ui/Toast';
import { ThemeProvider } from '../theme';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { UpdatePrompt } from './UpdatePrompt';
import * as s from './layouts.css';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

const loadToastRegion = () => import('@servicedesk/ui/Toast/region');
const ToastRegion = lazy(() => loadToastRegion().then((m) => ({ default: m.ToastRegion })));

/**
 * The toast region, loaded once a toast is queued (issue #19: react-aria's toast region and
 * landmark code, ~3 KB gzip, are off every page's first paint). Fetched when the browser is idle
 * after the first paint, so the first toast shows at once; mounted from then on.
 */
function Toasts() {
  const { t } = useTranslation();
  const queued = useSyncExternalStore(subscribeToToasts, hasVisibleToasts, hasVisibleToasts);
  const [mounted, setMounted] = useState(queued);
  if (queued && !mounted) setMounted(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => void loadToastRegion());
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastRegion closeLabel={t('close')} />
    </Suspense>
  ) : null;
}

/**
 * The root of every route: lets react-aria links navigate through react-router, applies the
 * stored theme, mounts the toast region and the new-version prompt once, and waits for the
 * translation file. It also keeps the tab's one hub connection (RealtimeProvider), which the signed-in layouts hold open.
 */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <ThemeProvider>
        <RealtimeProvider>
          <Suspense fallback={<div className={s.fallback} aria-busy="true" />}>
            <Outlet />
            <Toasts />
            <UpdatePrompt />
          </Suspense>
        </RealtimeProvider>
      </ThemeProvider>
    </AriaRouterProvider>
  );
}
