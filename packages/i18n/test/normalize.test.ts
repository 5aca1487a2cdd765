import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch } from '../src/normalize';

describe('normalizeForSearch', () => {
  it('folds Azerbaijani and Turkish letters to plain Latin', () => {
    expect(normalizeForSearch('Şəki')).toBe('seki');
    expect(normalizeForSearch('İSMAYILLI')).toBe('ismayilli');
    expect(normalizeForSearch('Gəncə Ağdaş Göyçay Üçüncü Iğdır')).toBe(
      'gence agdas goycay ucuncu igdir',
    );
    expect(normalizeForSearch('ƏLİYEV')).toBe('eliyev');
  });
  it('strips other diacritics and collapses whitespace', () => {
    expect(normalizeForSearch('  Crème   Brûlée  ')).toBe('creme brulee');
    expect(normalizeForSearch('Łódź Straße')).toBe('lodz strasse');
  });
  it('treats null and undefined as empty', () => {
    expect(normalizeForSearch(null)).toBe('');
    expect(normalizeForSearch(undefined)).toBe('');
  });
});

describe('matchesSearch', () => {
  it('matches across case and Azerbaijani accents, both ways', () => {
    expect(matchesSearch('Şəki rayonu', 'seki')).toBe(true);
    expect(matchesSearch('ismayilli', 'İSMAYILLI')).toBe(true);
    expect(matchesSearch('Aysel Məmmədova', 'MEMMED')).toBe(true);
    expect(matchesSearch('Aysel Məmmədova', 'ismayil')).toBe(false);
  });
  it('lets an empty search match everything', () => {
    expect(matchesSearch('anything', '')).toBe(true);
    expect(matchesSearch('anything', '   ')).toBe(true);
    expect(matchesSearch(null, '')).toBe(true);
    expect(matchesSearch(null, 'a')).toBe(false);
  });
});
