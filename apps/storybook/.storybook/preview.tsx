import '@servicedesk/ui/theme';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { installAzIntlFallback } from '@servicedesk/i18n/intl-az';
import { toast } from '@servicedesk/ui/Toast';
import type { Decorator, Preview } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';

export type ThemeName = 'light' | 'dark';
export const locales = ['az', 'en', 'ru', 'tr'] as const;

// As the web app does: Chromium has no Azerbaijani dates and numbers (packages/i18n/src/intl-az.ts).
installAzIntlFallback();

/** One i18n instance with every language bundled; the locale toolbar switches its language. */
const i18n = createI18n({ lng: 'az', resources: buildResources() });

/**
 * Puts the toolbar's theme and locale on <html>, as the web app does (data-theme, lang), so
 * stories render exactly as in the app and axe checks the real colours, and provides
 * react-i18next in the chosen language for stories that show translated text.
 */
const withThemeAndLocale: Decorator = (Story, { globals }) => {
  const root = document.documentElement;
  const locale = (globals.locale as string | undefined) ?? 'az';
  root.dataset.theme = (globals.theme as ThemeName | undefined) ?? 'light';
  root.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  return (
    <I18nextProvider i18n={i18n}>
      <Story />
    </I18nextProvider>
  );
};

declare global {
  interface Window {
    /** The kit's toast API, for the test-runner (it pauses toasts while it takes screenshots). */
    __storyToasts?: typeof toast;
  }
}
window.__storyToasts = toast;

const preview: Preview = {
  decorators: [withThemeAndLocale],
  // The toast queue is global: a toast left by one story must not show up in the next one.
  beforeEach() {
    toast.clear();
  },
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({ onUnhandledFrame: 'bypass', quiet: true });
      return worker;
    }),
  ],
  globalTypes: {
    theme: {
      description: 'Colour theme (data-theme on <html>)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language (lang on <html> and the i18n provider)',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'az', title: 'Azərbaycanca' },
          { value: 'en', title: 'English' },
          { value: 'ru', title: 'Русский' },
          { value: 'tr', title: 'Türkçe' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'az' },
  parameters: {
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // The test-runner runs axe itself in both themes (test-runner.ts); the addon's panel stays
    // for people browsing stories.
    a11y: { test: 'off' },
  },
  tags: ['autodocs'],
};

export default preview;
