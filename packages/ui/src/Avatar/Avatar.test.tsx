import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Avatar, initialsOf } from './Avatar';

const photo = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

describe('Avatar', () => {
  it('has no accessibility violations with a photo, initials or the default icon', async () => {
    render(
      <>
        <Avatar src={photo} name="Aysel Məmmədova" />
        <Avatar src={null} name="Aysel Məmmədova" size="lg" />
        <Avatar src={null} name="" size="sm" />
      </>,
    );
    await expectNoAxeViolations();
  });

  it('shows the photo with the name as alt text', () => {
    render(<Avatar src={photo} name="Aysel Məmmədova" />);
    expect(screen.getByRole('img', { name: 'Aysel Məmmədova' })).toHaveAttribute('src', photo);
  });

  it('shows initials when there is no photo, or the photo fails to load', () => {
    const { unmount } = render(<Avatar src={null} name="Aysel Məmmədova" />);
    expect(screen.getByRole('img', { name: 'Aysel Məmmədova' })).toHaveTextContent('AM');
    unmount();
    render(<Avatar src="/missing.png" name="Rəşad Əliyev" />);
    fireEvent.error(screen.getByRole('img', { name: 'Rəşad Əliyev' }));
    expect(screen.getByRole('img', { name: 'Rəşad Əliyev' })).toHaveTextContent('RƏ');
  });

  it('takes the first and last initials', () => {
    expect(initialsOf('  ilkin  ')).toBe('I');
    expect(initialsOf('Aysel Vaqif qızı Məmmədova')).toBe('AM');
    expect(initialsOf('')).toBe('');
  });
});
