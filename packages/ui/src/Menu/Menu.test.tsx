import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { MenuButton } from './Menu';

const items = [
  { id: 'profile', label: 'My profile', icon: 'user' },
  { id: 'logout', label: 'Log out', icon: 'logout' },
];

describe('MenuButton', () => {
  it('has no accessibility violations, closed and open', async () => {
    const user = userEvent.setup();
    render(<MenuButton label="Aysel" items={items} onAction={() => {}} icon="user" />);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Aysel' }));
    expect(screen.getByRole('menu', { name: 'Aysel' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('opens on click and reports the chosen item, then closes', async () => {
    const onAction = vi.fn();
    const user = userEvent.setup();
    render(<MenuButton label="Aysel" items={items} onAction={onAction} />);
    const button = screen.getByRole('button', { name: 'Aysel' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'My profile',
      'Log out',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onAction).toHaveBeenCalledWith('logout');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('works from the keyboard', async () => {
    const onAction = vi.fn();
    const user = userEvent.setup();
    render(<MenuButton label="Aysel" items={items} onAction={onAction} />);
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'My profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onAction).toHaveBeenCalledWith('logout');
  });

  it('marks the selected item and names an icon-only button by its label', async () => {
    const user = userEvent.setup();
    render(
      <MenuButton
        label="Language"
        iconOnly
        icon="globe"
        selectedId="en"
        items={[
          { id: 'az', label: 'Azərbaycanca' },
          { id: 'en', label: 'English' },
        ]}
        onAction={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Language' }));
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Azərbaycanca' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
