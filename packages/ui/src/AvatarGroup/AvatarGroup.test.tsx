import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { AvatarGroup } from './AvatarGroup';

const people = [
  'Aysel Məmmədova',
  'Rəşad Həsənov',
  'Nigar Əliyeva',
  'Orxan Quliyev',
  'Leyla Cəfərova',
].map((name, i) => ({ id: i, name, src: null }));

describe('AvatarGroup', () => {
  it('has no accessibility violations', async () => {
    render(<AvatarGroup people={people} label="Participants" moreLabel={(n) => `${n} more`} />);
    await expectNoAxeViolations();
  });

  it('shows max avatars and names the rest in +n', () => {
    render(
      <AvatarGroup people={people} label="Participants" max={2} moreLabel={(n) => `${n} more`} />,
    );
    const list = screen.getByRole('list', { name: 'Participants' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('+3')).toHaveAttribute(
      'aria-label',
      '3 more: Nigar Əliyeva, Orxan Quliyev, Leyla Cəfərova',
    );
  });

  it('has no +n when everyone fits', () => {
    render(
      <AvatarGroup
        people={people.slice(0, 2)}
        label="Participants"
        moreLabel={(n) => `${n} more`}
      />,
    );
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument();
  });
});
