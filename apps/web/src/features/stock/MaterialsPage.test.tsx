import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { giveDataTablesHeight } from '../../../test/datatable-layout';
import { mockServerForFile, renderApp, signIn } from '../../../test/render-app';

// The page's dialogs load when one first opens (issue #19); import them once here (see test/setup.ts).
await import('./MaterialDialogs');

mockServerForFile();
beforeAll(() => giveDataTablesHeight());
beforeEach(() => localStorage.clear());

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

  it('opens a material with a mouse click on its row (not only with Enter)', async () => {
    signIn();
    const user = userEvent.setup();
    const { router } = renderApp('/home/inventory/materials');
    await screen.findByRole('grid', { name: 'Materials' }, { timeout: 20_000 });
    await user.click(screen.getByRole('tab', { name: 'With elements' }));
    // The elements view is up once its parameters show; click the laptop's name (plain text, no link).
    const parameter = await screen.findByText(/RAM: 16 GB/, {}, { timeout: 10_000 });
    const row = parameter.closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByText('Noutbuk Dell Latitude 5440'));
    const id = (row.getAttribute('data-key') ?? '').trim();
    expect(id).not.toBe('');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/home/inventory/materials/${id}`));
  });
});
