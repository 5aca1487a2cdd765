import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { ListRowCount } from './ListRowCount';

function renderCount(lng: string, props: { shown: number; total: number; capped?: boolean }) {
  const i18n = createI18n({ lng, resources: buildResources() });
  return render(
    <I18nextProvider i18n={i18n}>
      <ListRowCount {...props} />
    </I18nextProvider>,
  );
}

describe('ListRowCount', () => {
  it('says nothing while every match is loaded', () => {
    renderCount('en', { shown: 40, total: 40 });
    expect(screen.queryByTestId('list-row-count')).toBeNull();
  });

  it('says how many of the matches are loaded, with the numbers grouped', () => {
    renderCount('en', { shown: 100, total: 2345 });
    expect(screen.getByTestId('list-row-count')).toHaveTextContent('100 of 2,345 rows');
  });

  it('says "more than" the cap when the server stopped counting (totalCapped), in every language', () => {
    const { unmount } = renderCount('en', { shown: 100, total: 1000, capped: true });
    expect(screen.getByTestId('list-row-count')).toHaveTextContent('100 of more than 1,000 rows');
    unmount();
    renderCount('ru', { shown: 100, total: 1000, capped: true });
    expect(screen.getByTestId('list-row-count')).toHaveTextContent(/Показано 100 из более чем 1\s000 строк/);
  });
});
