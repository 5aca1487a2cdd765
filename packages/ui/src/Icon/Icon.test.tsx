import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Icon } from './Icon';
import { iconPaths, isIconName } from './icons';

// The names the sidebar menu and the shell use (team brief); the server sends them as strings.
const required = [
  'dashboard',
  'ticket',
  'box',
  'file-text',
  'users',
  'settings',
  'bell',
  'chat',
  'calendar',
  'news',
  'wallet',
  'building',
  'history',
  'user',
  'logout',
  'sun',
  'moon',
  'globe',
  'chevron-down',
  'chevron-right',
  'menu',
  'x',
  'info',
  'arrow-up',
  'eye',
  'eye-off',
  'check',
  'alert',
];

describe('Icon', () => {
  it('has no accessibility violations, decorative or labelled', async () => {
    render(
      <p>
        <Icon name="bell" /> <Icon name="logout" label="Log out" />
      </p>,
    );
    await expectNoAxeViolations();
  });

  it('is hidden from assistive technology unless labelled', () => {
    const { container } = render(
      <>
        <Icon name="bell" />
        <Icon name="logout" label="Log out" />
      </>,
    );
    expect(container.querySelector('[data-icon="bell"]')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('img', { name: 'Log out' })).toHaveAttribute('data-icon', 'logout');
  });

  it('knows every icon name the menus use, each with a drawing', () => {
    for (const name of required) {
      expect(isIconName(name), name).toBe(true);
      expect(iconPaths[name as keyof typeof iconPaths].length, name).toBeGreaterThan(0);
    }
  });

  it('draws the info icon for an unknown name instead of failing', () => {
    const { container } = render(<Icon name="no-such-icon" />);
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    expect(paths).toEqual(iconPaths.info);
  });
});
