import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { filtersKey, loadFilters, saveFilters, useFilterMemory } from './filter-memory';

interface Filters {
  view: 'mine' | 'all';
  overdue: boolean;
}
const defaults: Filters = { view: 'mine', overdue: false };
const parse = (saved: Record<string, unknown>): Filters => ({
  view: saved.view === 'all' ? 'all' : 'mine',
  overdue: saved.overdue === true,
});

afterEach(() => localStorage.clear());

describe('filter memory (SPEC §2 named list screens)', () => {
  it('remembers each list’s filters under its own key next to the other lists’ state', () => {
    localStorage.setItem('sd.tableFilters', JSON.stringify({ usersList: { search: 'eliyev' } }));
    saveFilters(filtersKey('equipmentRequests'), { view: 'all', overdue: true });
    expect(JSON.parse(localStorage.getItem('sd.tableFilters')!)).toEqual({
      usersList: { search: 'eliyev' },
      'equipmentRequests.filters': { view: 'all', overdue: true },
    });
    expect(loadFilters('equipmentRequests.filters', parse, defaults)).toEqual({ view: 'all', overdue: true });
    expect(loadFilters('otherList.filters', parse, defaults)).toBe(defaults);
  });

  it('falls back to the defaults for unreadable memory, field by field through the list’s parser', () => {
    localStorage.setItem('sd.tableFilters', '{not json');
    expect(loadFilters('x.filters', parse, defaults)).toBe(defaults);
    localStorage.setItem('sd.tableFilters', JSON.stringify({ 'x.filters': { view: 'everything', overdue: true } }));
    expect(loadFilters('x.filters', parse, defaults)).toEqual({ view: 'mine', overdue: true });
  });

  it('starts a list from memory and keeps every change at once', () => {
    saveFilters('x.filters', { view: 'all', overdue: false });
    const { result, unmount } = renderHook(() => useFilterMemory('x.filters', parse, defaults));
    expect(result.current[0]).toEqual({ view: 'all', overdue: false });
    act(() => result.current[1]({ overdue: true }));
    expect(result.current[0]).toEqual({ view: 'all', overdue: true });
    unmount();
    const again = renderHook(() => useFilterMemory('x.filters', parse, defaults));
    expect(again.result.current[0]).toEqual({ view: 'all', overdue: true });
  });
});
