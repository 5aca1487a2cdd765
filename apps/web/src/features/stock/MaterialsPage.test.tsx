import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@servicedesk/ui/Toast';
import { giveDataTablesHeight } from '../../../test/datatable-layout';
import { createMockServer, renderApp, signIn } from '../../../test/render-app';

// Whole-app renders with a DataTable are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// The page's dialogs load when one first opens (issue #19); import them once here (see test/setup.ts).
await import('./MaterialDialogs');

const server = createMockServer();
beforeAll(() => {
  server.listen();
  giveDataTablesHeight();
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  server.resetHandlers();
  act(() => toast.clear());
});
afterAll(() => server.close());

describe('materials list (SPEC §2 "materials (collapsed, and with elements)")', () => {
  it('shows the materials collapsed under their groups, and with their parameters as elements in the other view', async () => {
    signIn();
    const user = userEvent.setup();
    renderApp('/home/inventory/materials');
    const grid = await screen.findByRole('grid', { name: 'Materials' }, { timeout: 20_000 });
    // Collapsed: grouped by the material group path (the group rows carry the names).
    await waitFor(() => expect(within(grid).getAllByText(/Ofis ləvazimatı/).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(within(grid).getAllByText(/Kompüter texnikası \/ Noutbuklar/).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('tab', { name: 'With elements' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'With elements' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByText(/RAM: 16 GB/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByText('NB-DL5440').length).toBeGreaterThan(0);
    // The view's search is remembered under its own filter-memory key.
    await user.type(screen.getAllByRole('searchbox')[0]!, 'kabel');
    await waitFor(() => expect(localStorage.getItem('sd.tableFilters') ?? '').toContain('materialsWithElements'));
  });
});
