import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { ComboBox } from '../ComboBox';
import { DatePicker } from '../DatePicker';
import { DateRangePicker } from '../DateRangePicker';
import { MentionTextArea } from '../MentionTextArea';
import { NumberField } from '../NumberField';
import { PhoneField } from '../PhoneField';
import { Select } from '../Select';
import { SelectSearch } from '../SelectSearch';
import { TextArea } from '../TextArea';
import { TextField } from '../TextField';

// Every field of the library draws the same shell (internal/FieldShell.tsx): its label with the
// required mark, its help text describing the control, and its error while invalid. Select and
// the date pickers drew no required mark before the shell.
const common = { label: 'Field', description: 'Help text', errorMessage: 'Fix this', isRequired: true, isInvalid: true } as const;
const items = [{ id: 'a', label: 'A' }];
const fields: [string, ReactElement][] = [
  ['TextField', <TextField key="f" {...common} />],
  ['TextArea', <TextArea key="f" {...common} />],
  ['NumberField', <NumberField key="f" {...common} />],
  ['PhoneField', <PhoneField key="f" {...common} />],
  ['MentionTextArea', <MentionTextArea key="f" {...common} users={[]} suggestionsLabel="People" />],
  ['Select', <Select key="f" {...common} items={items} />],
  ['ComboBox', <ComboBox key="f" {...common} items={items} openLabel="Open" />],
  ['SelectSearch', <SelectSearch key="f" {...common} search={async () => []} loadingLabel="…" emptyLabel="None" openLabel="Open" />],
  ['DatePicker', <DatePicker key="f" {...common} openCalendarLabel="Calendar" />],
  ['DateRangePicker', <DateRangePicker key="f" {...common} openCalendarLabel="Calendar" />],
];

describe('the field shell', () => {
  it.each(fields)('%s shows the required mark, its help text and its error', (_name, field) => {
    const { container } = render(<I18nProvider locale="en-US">{field}</I18nProvider>);
    const label = container.querySelector('label, [id][class*="label"]');
    expect(label?.textContent).toBe('Field*');
    expect(label?.querySelector('[aria-hidden="true"]')?.textContent).toBe('*');
    expect(screen.getByText('Help text')).toBeTruthy();
    expect(screen.getByText('Fix this')).toBeTruthy();
  });
});
