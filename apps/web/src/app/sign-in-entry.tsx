import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createApiClient, type ApiClient } from '@servicedesk/api/client';
import type { I18n } from '@servicedesk/i18n';
import { LoginPage } from '../features/auth/LoginPage';
import { storage } from '../session/storage';
import { AriaLocale } from './aria-locale';
import { createAppI18n } from './i18n';
import { BareCard } from './layouts/BareCard';
import { UpdatePrompt } from './layouts/UpdatePrompt';
import { registerServiceWorker, whenStable } from './service-worker';
import { ThemeProvider } from './theme';
import * as s from './layouts/layouts.css';

/** Calls `onShown` once it is committed, i.e. once the content before it has rendered (not suspended). */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

const ignore = () => undefined;

export interface SignInAppProps {
  i18n: I18n;
  client: ApiClient;
  /** The returnUrl query parameter of the page's URL. */
  returnUrl: string | null;
  /** Leaves the sign-in page for `to` after a successful login (a full page load in the browser). */
  leave(to: string): void;
  /** Called once the form has rendered with its texts. */
  onShown?: () => void;
}

/**
 * The light sign-in page (issue #19): the app's one {@link LoginPage} in the {@link BareCard},
 * with what the app's root gives it — the interface language (i18next, react-aria's locale),
 * the stored theme (sd.theme), the wait for the translation file, the new-version prompt —
 * and nothing of the signed-in app (no data router, TanStack Query, hub or session controller).
 */
export function SignInApp({ i18n, client, returnUrl, leave, onShown = ignore }: SignInAppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <AriaLocale>
        <ThemeProvider>
          <Suspense fallback={<div className={s.fallback} aria-busy="true" />}>
            <BareCard>
              <LoginPage client={client} returnUrl={returnUrl} navigate={leave} />
            </BareCard>
            <UpdatePrompt />
            <Shown onShown={onShown} />
          </Suspense>
        </ThemeProvider>
      </AriaLocale>
    </I18nextProvider>
  );
}

/**
 * The entry of a fresh page load of the sign-in form (app/entry.ts decides): renders
 * {@link SignInApp} into `root`; a successful login replaces the page with its target by a full
 * load (location.replace), which starts the full app. Registers the offline/update helper of
 * SPEC §1 once the form has rendered and the browser is idle (or after 30 s), as the app does.
 */
export function start(root: HTMLElement): void {
  const i18n = createAppI18n();
  // The login and the LDAP check need no token; a 401 there is an answer of the form, not a lost session.
  const client = createApiClient({ getLanguage: () => storage.getLanguage() });
  let shown!: () => void;
  const firstPageShown = new Promise<void>((resolve) => {
    shown = resolve;
  });
  createRoot(root).render(
    <StrictMode>
      <SignInApp
        i18n={i18n}
        client={client}
        returnUrl={new URLSearchParams(window.location.search).get('returnUrl')}
        leave={(to) => window.location.replace(to)}
        onShown={shown}
      />
    </StrictMode>,
  );
  void registerServiceWorker({ stable: whenStable(firstPageShown), language: () => i18n.language });
}
