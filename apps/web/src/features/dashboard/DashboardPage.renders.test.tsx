import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockServer, renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 60_000 });

/** How often one of the area widgets rendered (it asks nothing here: only its parent renders it). */
let newsFigureRenders = 0;
vi.mock('../news/NewsFigure', () => ({
  NewsFigure: () => {
    newsFigureRenders++;
    return null;
  },
}));

const server = createMockServer();
beforeAll(() => server.listen());
afterAll(() => server.close());

describe('dashboard renders (issue #19)', () => {
  it('the statistics answer and the reveal of the figures do not render the widgets again', async () => {
    signIn();
    renderApp('/home/dashboard');
    await screen.findByRole('heading', { name: /Aysel/ });
    await screen.findByTestId('stat-activeUsers');
    await waitFor(() => expect(screen.queryByTestId('dashboard-loading')).not.toBeInTheDocument());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByTestId('dashboard-figures')).toBeVisible();
    expect(newsFigureRenders).toBe(1);
  });
});
