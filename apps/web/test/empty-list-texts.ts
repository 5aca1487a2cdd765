import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { renderApp } from './render-app';

/**
 * Checks what an empty list says (the server answering no rows): with `filters` remembered under
 * the list's filter-memory key `key` (`sd.tableFilters`), "No rows match the filters."; with none,
 * "Nothing here yet." — the grid found by its accessible name `grid` on the page at `path`. The
 * caller signs in and makes the list's call answer no rows.
 */
export async function expectEmptyListTexts({ path, grid, key, filters }: { path: string; grid: string; key: string; filters: Record<string, unknown> }) {
  localStorage.setItem('sd.tableFilters', JSON.stringify({ [key]: filters }));
  const filtered = renderApp(path);
  const table = await screen.findByRole('grid', { name: grid });
  expect(await within(table).findByText('No rows match the filters.')).toBeInTheDocument();
  filtered.unmount();

  localStorage.removeItem('sd.tableFilters');
  renderApp(path);
  const unfiltered = await screen.findByRole('grid', { name: grid });
  expect(await within(unfiltered).findByText('Nothing here yet.')).toBeInTheDocument();
}
