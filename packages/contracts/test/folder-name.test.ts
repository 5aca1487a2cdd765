import { describe, expect, it } from 'vitest';
import { FOLDER_NAME_MAX_LENGTH, folderNameFlags } from '../src/validation';

describe('SPEC §5 folder-name rule', () => {
  it('accepts ordinary names, including Azerbaijani letters and spaces', () => {
    expect(folderNameFlags('Müqavilələr 2026')).toEqual([]);
    expect(folderNameFlags('CONTRACTS')).toEqual([]);
    expect(folderNameFlags('com10')).toEqual([]);
  });

  it('requires a non-blank name', () => {
    expect(folderNameFlags('')).toEqual(['required']);
    expect(folderNameFlags('   ')).toEqual(['required']);
  });

  it('allows at most 100 characters', () => {
    expect(folderNameFlags('a'.repeat(FOLDER_NAME_MAX_LENGTH))).toEqual([]);
    expect(folderNameFlags('a'.repeat(FOLDER_NAME_MAX_LENGTH + 1))).toEqual(['maxLength']);
  });

  it('refuses each forbidden character', () => {
    for (const c of ['<', '>', ':', '"', '/', '\\', '|', '?', '*']) {
      expect(folderNameFlags(`a${c}b`)).toEqual(['invalidCharacters']);
    }
  });

  it('refuses reserved device names case-insensitively', () => {
    for (const n of ['CON', 'prn', 'Aux', 'nul', 'COM1', 'com9', 'LPT1', 'lpt9']) {
      expect(folderNameFlags(n)).toEqual(['reservedName']);
    }
    expect(folderNameFlags('COM0')).toEqual([]);
  });
});
