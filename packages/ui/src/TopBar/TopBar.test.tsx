import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { TopBar, type TopBarProps } from './TopBar';
import { topBarLanguages, topBarTexts } from './fixtures';

function setup(overrides: Partial<TopBarProps> = {}) {
  const props: TopBarProps = {
    ...topBarTexts,
    onNavigate: vi.fn(),
    isMenuOpen: false,
    onMenuToggle: vi.fn(),
    theme: 'light',
    onThemeToggle: vi.fn(),
    languages: topBarLanguages,
    language: 'az',
    onLanguageChange: vi.fn(),
    user: { firstName: 'Aysel', imgPath: null },
    onProfile: vi.fn(),
    onLogout: vi.fn(),
    ...overrides,
  };
  render(<TopBar {...props} />);
  return props;
}

describe('TopBar', () => {
  it('has no accessibility violations', async () => {
    setup();
    await expectNoAxeViolations();
  });

  it('is the banner with the first name and the default avatar when there is no image', () => {
    setup();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const userButton = screen.getByRole('button', { name: 'User menu: Aysel' });
    expect(userButton).toHaveTextContent('Aysel');
    expect(userButton.querySelector('[data-fallback]')).not.toBeNull();
    expect(userButton.querySelector('img')).toBeNull();
  });

  it('toggles the theme', async () => {
    const props = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(props.onThemeToggle).toHaveBeenCalledTimes(1);
  });

  it('changes the language from the dropdown', async () => {
    const user = userEvent.setup();
    const props = setup();
    await user.click(screen.getByRole('button', { name: 'Language: Azərbaycan' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(props.onLanguageChange).toHaveBeenCalledWith('en');
  });

  it('offers profile and logout in the user menu', async () => {
    const user = userEvent.setup();
    const props = setup({ user: { firstName: 'Aysel', imgPath: '/avatar.png' } });
    await user.click(screen.getByRole('button', { name: 'User menu: Aysel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My profile' }));
    expect(props.onProfile).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'User menu: Aysel' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(props.onLogout).toHaveBeenCalled();
  });
});
