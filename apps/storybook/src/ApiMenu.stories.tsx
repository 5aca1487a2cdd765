import { createApiClient } from '@servicedesk/api';
import { getMenus } from '@servicedesk/api/global/get-menus';
import { createHandlers } from '@servicedesk/api/handlers';
import type { MenuItem } from '@servicedesk/contracts';
import { buildLocale } from '@servicedesk/i18n';
import { Icon } from '@servicedesk/ui/Icon';
import { Spinner } from '@servicedesk/ui/Spinner';
import { vars } from '@servicedesk/ui/theme';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expect, within } from 'storybook/test';

/**
 * The wiring check of this Storybook: the menu comes from the API's MSW handlers (the same
 * ones tests use), its captions are translated by the locale toolbar's i18n provider, and its
 * icons are ui Icons.
 */
function ApiMenu() {
  const { t } = useTranslation();
  const [items, setItems] = useState<MenuItem[] | null>(null);
  useEffect(() => {
    const client = createApiClient({
      getToken: () => 'storybook',
      getLanguage: () => document.documentElement.lang,
    });
    const controller = new AbortController();
    getMenus(client, controller.signal)
      .then(setItems)
      .catch(() => {});
    return () => controller.abort();
  }, []);
  if (!items) return <Spinner label="Loading" delay={0} />;
  return (
    <nav aria-label="Menu">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm }}>
        {items.map((item) => (
          <li
            key={item.caption}
            style={{ display: 'flex', gap: vars.space.sm, alignItems: 'center' }}
          >
            <Icon name={item.icon} />
            {/* Captions are `menu.*` keys of the layout area (layout.json). */}
            {t(`layout.${item.caption}`)}
          </li>
        ))}
      </ul>
    </nav>
  );
}

const meta = {
  title: 'Examples/Menu from the API',
  component: ApiMenu,
  tags: ['autodocs'],
  beforeEach: ({ msw }) => {
    msw.use(...createHandlers());
  },
} satisfies Meta<typeof ApiMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Translated: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const locale = buildLocale(String(globals.locale ?? 'az')) as {
      layout: { menu: Record<string, string> };
    };
    const nav = await canvas.findByRole('navigation', { name: 'Menu' }, { timeout: 5000 });
    await expect(within(nav).getByText(locale.layout.menu.dashboard!)).toBeVisible();
  },
};
