import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { DatePicker } from '@servicedesk/ui/DatePicker';
import { AriaLocale } from './providers';

/** The order of the editable parts of the date field: e.g. ['day', 'month', 'year']. */
function segmentOrder(): string[] {
  const group = screen.getByRole('group');
  return Array.from(group.querySelectorAll('[data-type]'))
    .map((el) => el.getAttribute('data-type') ?? '')
    .filter((type) => type !== 'literal');
}

describe('AriaLocale', () => {
  it('lays date fields out in the interface language, not the browser’s, and follows a change of language', async () => {
    const i18n = createI18n({ lng: 'az', resources: buildResources() });
    render(
      <I18nextProvider i18n={i18n}>
        <AriaLocale>
          <DatePicker label="Tarix" defaultValue="2026-11-22" openCalendarLabel="Təqvim" previousMonthLabel="Əvvəlki" nextMonthLabel="Növbəti" />
        </AriaLocale>
      </I18nextProvider>,
    );
    expect(segmentOrder()).toEqual(['day', 'month', 'year']);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(segmentOrder()).toEqual(['month', 'day', 'year']);
  });
});
