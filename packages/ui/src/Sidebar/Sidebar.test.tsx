import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Sidebar, type SidebarProps } from './Sidebar';
import { sampleSidebarItems, sidebarLabels } from './fixtures';

function Harness(props: Partial<SidebarProps>) {
  const [path, setPath] = useState(props.currentPath ?? '/home/dashboard');
  const [collapsed, setCollapsed] = useState(props.collapsed ?? false);
  const [width, setWidth] = useState(260);
  return (
    <Sidebar
      items={sampleSidebarItems}
      {...sidebarLabels}
      {...props}
      currentPath={path}
      onNavigate={(href) => {
        setPath(href);
        props.onNavigate?.(href);
      }}
      collapsed={collapsed}
      onCollapsedChange={setCollapsed}
      width={width}
      onWidthChange={setWidth}
    />
  );
}

describe('Sidebar', () => {
  it('shows a count badge after a link\'s label, named for screen readers', async () => {
    const items = sampleSidebarItems.map((item) => (item.href === '/home/news' ? { ...item, badge: { text: '3', label: '3 unread' } } : item));
    const { container } = render(<Harness items={items} />);
    const link = screen.getByRole('link', { name: /3 unread/ });
    expect(link).toHaveAttribute('href', '/home/news');
    expect(screen.getByLabelText('3 unread')).toHaveTextContent('3');
    await expectNoAxeViolations(container);
  });

  it('has no accessibility violations', async () => {
    render(<Harness />);
    await expectNoAxeViolations();
  });

  it('marks the current page with aria-current and routes plain clicks through onNavigate', async () => {
    const onNavigate = vi.fn();
    const user = userEvent.setup();
    render(<Harness onNavigate={onNavigate} />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'News' }));
    expect(onNavigate).toHaveBeenCalledWith('/home/news');
    expect(screen.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('opens groups as an accordion, one at a time', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const helpdesk = screen.getByRole('button', { name: 'Help desk' });
    const inventory = screen.getByRole('button', { name: 'Inventory' });
    expect(helpdesk).toHaveAttribute('aria-expanded', 'false');
    await user.click(helpdesk);
    expect(helpdesk).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Requests' })).toBeVisible();
    await user.click(inventory);
    expect(inventory).toHaveAttribute('aria-expanded', 'true');
    expect(helpdesk).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Requests' })).not.toBeInTheDocument();
  });

  it('opens the group holding the current page', () => {
    render(<Harness currentPath="/home/inventory/materials" />);
    expect(screen.getByRole('button', { name: 'Inventory' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Materials' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses to a rail and expands on hover only after 150 ms', async () => {
    vi.useFakeTimers();
    try {
      render(<Harness />);
      fireEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
      const root = screen.getByRole('navigation', { name: 'Main menu' });
      expect(root).toHaveAttribute('data-collapsed');
      fireEvent.mouseEnter(root);
      act(() => vi.advanceTimersByTime(140));
      expect(root).not.toHaveAttribute('data-hover-expanded');
      act(() => vi.advanceTimersByTime(20));
      expect(root).toHaveAttribute('data-hover-expanded');
      fireEvent.mouseLeave(root);
      expect(root).not.toHaveAttribute('data-hover-expanded');
      expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('resizes with the arrow keys within its limits', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const handle = screen.getByRole('separator', { name: 'Resize menu' });
    handle.focus();
    await user.keyboard('{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '276');
    await user.keyboard('{Home}');
    expect(handle).toHaveAttribute('aria-valuenow', '200');
    await user.keyboard('{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '200');
  });

  it('resizes by dragging its handle', () => {
    render(<Harness />);
    const handle = screen.getByRole('separator', { name: 'Resize menu' });
    fireEvent.pointerDown(handle, { clientX: 260, button: 0 });
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 330 }));
    });
    expect(handle).toHaveAttribute('aria-valuenow', '330');
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 900 }));
      window.dispatchEvent(new MouseEvent('pointerup'));
    });
    expect(handle).toHaveAttribute('aria-valuenow', '420');
    act(() => {
      window.dispatchEvent(new MouseEvent('pointermove', { clientX: 100 }));
    });
    expect(handle).toHaveAttribute('aria-valuenow', '420');
  });

  it('closes the off-canvas panel with its close button, the backdrop or Escape', async () => {
    const onMobileOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness mobileOpen onMobileOpenChange={onMobileOpenChange} />);
    // jsdom has a wide viewport, where the close button is hidden by CSS.
    fireEvent.click(screen.getByRole('button', { name: 'Close menu', hidden: true }));
    await user.click(screen.getByTestId('sidebar-backdrop'));
    screen.getByRole('link', { name: 'News' }).focus();
    await user.keyboard('{Escape}');
    expect(onMobileOpenChange).toHaveBeenCalledTimes(3);
    expect(onMobileOpenChange).toHaveBeenLastCalledWith(false);
  });
});
