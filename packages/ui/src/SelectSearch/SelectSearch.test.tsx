import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe';
import { SelectSearch, type SearchResult } from './SelectSearch';

const people: SearchResult[] = [
  { id: 1, name: 'Aysel Məmmədova' },
  { id: 2, name: 'Rəşad Əliyev' },
];
const texts = {
  label: 'Executor',
  loadingLabel: 'Searching…',
  emptyLabel: 'Nothing found',
  openLabel: 'Show',
};

describe('SelectSearch', () => {
  it('has no accessibility violations', async () => {
    render(<SelectSearch {...texts} search={async () => people} />);
    await expectNoAxeViolations();
  });

  it('searches once, 250 ms after the last keystroke, with the typed text and a signal', async () => {
    const search = vi.fn(async (text: string) =>
      people.filter((p) => p.name.toLowerCase().includes(text.toLowerCase())),
    );
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<SelectSearch {...texts} search={search} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Executor' });
    await user.click(input);
    // Time is the subject here: the debounce runs on fake timers (real time on a busy machine
    // could pass 250 ms while the text is still being typed).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(input, { target: { value: 'ays' } });
      expect(screen.getByText('Searching…')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(249));
      expect(search).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(1));
      expect(search).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
    expect(search).toHaveBeenCalledWith('ays', expect.any(AbortSignal));
    await user.click(await screen.findByRole('option', { name: 'Aysel Məmmədova' }));
    expect(onChange).toHaveBeenLastCalledWith({ id: 1, name: 'Aysel Məmmədova' });
    expect(input).toHaveValue('Aysel Məmmədova');
  });

  it('aborts the previous request when typing goes on', async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn(
      (_text: string, signal: AbortSignal) =>
        // A search still running when typing goes on: it answers only once aborted.
        new Promise<SearchResult[]>((resolve) => {
          signals.push(signal);
          signal.addEventListener('abort', () => resolve(people));
        }),
    );
    const user = userEvent.setup();
    render(<SelectSearch {...texts} search={search} />);
    const input = screen.getByRole('combobox', { name: 'Executor' });
    await user.type(input, 'a');
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    await user.type(input, 'y');
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    expect(search).toHaveBeenLastCalledWith('ay', expect.any(AbortSignal));
  });

  it('shows the empty label when the search found nothing', async () => {
    const user = userEvent.setup();
    render(<SelectSearch {...texts} search={async () => []} />);
    await user.type(screen.getByRole('combobox', { name: 'Executor' }), 'zz');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });
});
