import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areas, type TranslationTree } from '../src/areas';
import { languageCodes } from '../src/languages';
import { buildLocale } from '../src/resources';

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** Every leaf as [dotted key, text]. */
function leaves(tree: TranslationTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

/** Keys with plural suffixes folded onto their base key, each with the union of its placeholders. */
function shape(tree: TranslationTree): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of leaves(tree)) {
    const base = key.replace(pluralSuffix, '');
    const set = out.get(base) ?? new Set<string>();
    for (const m of text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)) if (m[1]) set.add(m[1]);
    out.set(base, set);
  }
  return out;
}

const localesDir = fileURLToPath(new URL('../src/locales/', import.meta.url));

describe('translation files', () => {
  it('registers every file on disk in areas.ts, for every language', () => {
    for (const lang of languageCodes) {
      const onDisk = readdirSync(join(localesDir, lang))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(onDisk, `locales/${lang}/*.json vs areas.ts`).toEqual(Object.keys(areas).sort());
    }
  });

  for (const [area, files] of Object.entries(areas)) {
    describe(`${area}.json`, () => {
      if (area !== 'common') {
        it('has the area as its only top-level key in every language', () => {
          for (const lang of languageCodes) expect(Object.keys(files[lang]), lang).toEqual([area]);
        });
      }

      const source = shape(files.az);
      for (const lang of languageCodes.filter((l) => l !== 'az')) {
        it(`${lang} has exactly the keys of az, with the same {{placeholders}}`, () => {
          const target = shape(files[lang]);
          expect([...target.keys()].sort(), 'keys').toEqual([...source.keys()].sort());
          for (const [key, placeholders] of source) {
            expect([...(target.get(key) ?? [])].sort(), `placeholders of ${key}`).toEqual(
              [...placeholders].sort(),
            );
          }
        });

        it(`${lang} is translated, not a copy of az`, () => {
          const az = new Map(leaves(files.az));
          const all = leaves(files[lang]);
          const same = all.filter(([key, text]) => az.get(key) === text);
          // Brand names and words like "OK" may legitimately match; most texts must not.
          expect(
            same.length,
            `identical to az: ${same.map(([k]) => k).join(', ')}`,
          ).toBeLessThanOrEqual(Math.max(2, all.length * 0.2));
        });
      }

      it('has the plural forms every language needs', () => {
        for (const lang of languageCodes) {
          const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
          const keys = leaves(files[lang]).map(([k]) => k);
          const bases = new Set(
            keys.filter((k) => pluralSuffix.test(k)).map((k) => k.replace(pluralSuffix, '')),
          );
          for (const base of bases) {
            for (const category of categories)
              expect(keys, `${lang}: ${base}_${category}`).toContain(`${base}_${category}`);
          }
        }
      });

      it('has no empty text', () => {
        for (const lang of languageCodes) {
          for (const [key, text] of leaves(files[lang]))
            expect(text.trim(), `${lang}: ${key}`).not.toBe('');
        }
      });
    });
  }
});

describe('buildLocale', () => {
  it('merges common at the top level with every area under its own key', () => {
    const tree = buildLocale('en');
    expect(tree.sessionHasExpired).toBe('Your session has expired. Please sign in again.');
    expect((tree.notification as TranslationTree).nodatanow).toBe('No notifications yet');
    for (const area of Object.keys(areas).filter((a) => a !== 'common'))
      expect(tree).toHaveProperty(area);
  });

  it('builds every language without two files fighting over a key', () => {
    for (const lang of languageCodes) expect(() => buildLocale(lang)).not.toThrow();
  });

  it('answers az for an unknown language', () => {
    expect(buildLocale('xx')).toEqual(buildLocale('az'));
  });

  it('returns a fresh tree each time', () => {
    const a = buildLocale('az');
    a.attention = 'changed';
    expect(buildLocale('az').attention).toBe('Diqqət');
  });
});
