import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { QueryStates, type ListQuery } from './QueryStates';

function renderStates(query: ListQuery<string>) {
  const i18n = createI18n({ lng: 'en', resources: buildResources() });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryStates query={query} empty="Nothing on order">
        {(rows) => (
          <ul>
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </QueryStates>
    </I18nextProvider>,
  );
}

describe('a list section’s four states', () => {
  it('says it is loading while pending', () => {
    renderStates({ isPending: true, isError: false, data: undefined });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the generic error as an alert when the query failed', () => {
    renderStates({ isPending: false, isError: true, data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent(/./);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the empty state for no rows, and the rows otherwise', () => {
    const { unmount } = renderStates({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('Nothing on order')).toBeInTheDocument();
    unmount();
    renderStates({ isPending: false, isError: false, data: ['Monitor', 'Laptop'] });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Monitor', 'Laptop']);
    expect(screen.queryByText('Nothing on order')).toBeNull();
  });
});
