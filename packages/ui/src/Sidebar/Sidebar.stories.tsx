import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Sidebar, type SidebarProps } from './Sidebar';
import { sampleSidebarItems, sidebarLabels } from './fixtures';

function Stateful(props: SidebarProps) {
  const [path, setPath] = useState(props.currentPath);
  const [collapsed, setCollapsed] = useState(props.collapsed ?? false);
  const [width, setWidth] = useState(props.width ?? 260);
  const [mobileOpen, setMobileOpen] = useState(props.mobileOpen ?? false);
  return (
    <div style={{ display: 'flex', minHeight: 480, ['--sd-topbar-height' as string]: '0px' }}>
      <Sidebar
        {...props}
        currentPath={path}
        onNavigate={setPath}
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        width={width}
        onWidthChange={setWidth}
        mobileOpen={mobileOpen}
        onMobileOpenChange={setMobileOpen}
      />
      <main style={{ padding: 16 }}>
        <p>Current page: {path}</p>
      </main>
    </div>
  );
}

const meta = {
  title: 'Shell/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { items: sampleSidebarItems, currentPath: '/home/dashboard', onNavigate: () => {}, ...sidebarLabels },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Help desk' }));
    await userEvent.click(canvas.getByRole('link', { name: 'Categories' }));
    await expect(canvas.getByRole('link', { name: 'Categories' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Current page: /home/helpdesk/categories')).toBeVisible();
  },
};

export const Collapsed: Story = {
  args: { collapsed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Expand menu' }));
    await expect(canvas.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  },
};
