import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Breadcrumbs } from './Breadcrumbs';

const meta = {
  title: 'Kit/Breadcrumbs',
  component: Breadcrumbs,
  tags: ['autodocs'],
  args: {
    ariaLabel: 'Breadcrumbs',
    items: [
      { id: 'home', label: 'Home', href: '#home' },
      { id: 'helpdesk', label: 'Help desk', href: '#helpdesk' },
      { id: 'req', label: 'Request #42' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumbs' });
    // RAC builds the collection after the first render: wait for the links (the current page is a disabled link).
    await expect(await within(nav).findAllByRole('link')).toHaveLength(3);
    await expect(within(nav).getByText('Request #42')).toHaveAttribute('aria-current', 'page');
  },
};

/** Only the current page. */
export const SingleLevel: Story = {
  args: { items: [{ id: 'home', label: 'Home' }] },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(await within(nav).findByText('Home')).toHaveAttribute('aria-current', 'page');
  },
};

export const LongAzerbaijaniText: Story = {
  args: {
    items: [
      { id: 'a', label: 'Ana səhifə', href: '#a' },
      { id: 'b', label: 'Maliyyə və mühasibat uçotu', href: '#b' },
      { id: 'c', label: 'Təchizatçıların hesab-fakturaları', href: '#c' },
      { id: 'd', label: 'Hesab-faktura № 2026/11-0042 (İnformasiya texnologiyaları şöbəsi)' },
    ],
  },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(await within(nav).findByText(/^Hesab-faktura № 2026/)).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      within(nav).getByRole('link', { name: 'Maliyyə və mühasibat uçotu' }),
    ).toHaveAttribute('href', '#b');
  },
};
