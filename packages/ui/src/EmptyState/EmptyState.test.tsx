import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('has no accessibility violations', async () => {
    render(<EmptyState title="No requests" description="Create the first one." />);
    await expectNoAxeViolations();
  });

  it('shows title, description and a working action', async () => {
    const onPress = vi.fn();
    render(
      <EmptyState
        title="No requests"
        description="Create the first one."
        action={<Button onPress={onPress}>Create</Button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No requests' })).toBeInTheDocument();
    expect(screen.getByText('Create the first one.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('announces the error variant', () => {
    render(<EmptyState variant="error" title="Could not load" headingLevel={3} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
    expect(screen.getByRole('heading', { level: 3 })).toBeInTheDocument();
  });
});
