import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../test/render-app';

// The dashboard's code chunk fails to load (as after a deploy that removed it).
vi.mock('../features/dashboard/DashboardPage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

mockServerForFile();

describe('a page that cannot load', () => {
  it('shows the generic error and a reload button instead of a blank screen', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/home/dashboard');
    expect(await screen.findByRole('heading', { name: 'Something went wrong. Please try again.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
