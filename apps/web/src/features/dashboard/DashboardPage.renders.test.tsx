import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

/** How often one of the area widgets rendered (it asks nothing here: only its parent renders it). */
let newsFigureRenders = 0;
vi.mock('../news/NewsFigure', () => ({
  NewsFigure: () => {
    newsFigureRenders++;
    return null;
  },
}));

mockServerForFile();

describe('dashboard renders (issue #19)', () => {
  it('the statistics answer and the reveal of the figures do not render the widgets again', async () => {
    signIn();
    renderApp('/home/dashboard');
    await screen.findByRole('heading', { name: /Aysel/ });
    await screen.findByTestId('stat-activeUsers');
    // Both events that could render the widgets again have happened: the statistics answered (its
    // figure is up) and the reveal (the loading note is gone; the widgets render in that commit).
    await waitFor(() => expect(screen.queryByTestId('dashboard-loading')).not.toBeInTheDocument());
    expect(screen.getByTestId('dashboard-figures')).toBeVisible();
    expect(newsFigureRenders).toBe(1);
  });
});
