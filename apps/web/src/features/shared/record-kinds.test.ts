import { describe, expect, it } from 'vitest';
import { RECORD_KIND_NAMES } from '@servicedesk/contracts/plain/records';
import { createI18n, languageCodes, buildResources } from '@servicedesk/i18n';
import { recordKindAndId, recordKindLabel } from './record-kinds';

describe('record-kind labels', () => {
  const resources = buildResources();
  it.each(languageCodes)('every declared record kind has a label in %s', (lang) => {
    const kinds = (resources[lang].translation as { recordKinds?: Record<string, unknown> }).recordKinds ?? {};
    const missing = RECORD_KIND_NAMES.filter((kind) => typeof kinds[kind] !== 'string' || (kinds[kind] as string).trim() === '');
    expect(missing).toEqual([]);
    // Nothing stale either: every label names a declared kind.
    expect(Object.keys(kinds).filter((k) => !(RECORD_KIND_NAMES as string[]).includes(k))).toEqual([]);
  });

  it('shows the label, never the raw kind, in every language', () => {
    for (const lang of languageCodes) {
      const i18n = createI18n({ lng: lang, resources });
      for (const kind of RECORD_KIND_NAMES) {
        const label = recordKindLabel(i18n.t, kind);
        expect(label).not.toBe(kind);
        expect(label).not.toContain('recordKinds.');
      }
    }
    const en = createI18n({ lng: 'en', resources });
    expect(recordKindLabel(en.t, 'equipmentRequest')).toBe('Equipment request');
    expect(recordKindLabel(en.t, 'registryEntry')).toBe('Registry document');
    expect(recordKindLabel(en.t, 'document')).toBe('Circulation document');
    expect(recordKindAndId(en.t, 'contract', 7)).toBe('Contract #7');
  });
});
