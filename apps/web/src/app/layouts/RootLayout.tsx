import { Suspense } from 'react';
import { Outlet, useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { ToastRegion } from '@servicedesk/ui/Toast';
import { ThemeProvider } from '../theme';
import { RealtimeProvider } from '../../realtime/RealtimeProvider';
import { UpdatePrompt } from './UpdatePrompt';
import * as s from './layouts.css';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

function Toasts() {
  const { t } = useTranslation();
  return <ToastRegion closeLabel={t('close')} />;
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
