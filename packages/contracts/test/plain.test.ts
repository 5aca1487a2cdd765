import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contracts from '../src/index';

/*
 * src/plain/<area>.ts holds the zod-free half of src/<area>.ts (issue #19): the web's first paint
 * imports codes, limits and rules from there without loading zod and the schemas. Importing a
 * value from zod or from a schema module would bring them back, so only `import type` may point
 * there; values come from other plain modules or from zod-free ones (machine.ts).
 */
const plainDir = join(import.meta.dirname, '..', 'src', 'plain');
const zodFree = new Set(['../machine']);

describe('the zod-free halves (src/plain)', () => {
  const files = readdirSync(plainDir).filter((f) => f.endsWith('.ts'));

  it.each(files)('%s imports values only from plain or zod-free modules', (file) => {
    const text = readFileSync(join(plainDir, file), 'utf8');
    const valueImports = [...text.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gm)].map((m) => m[1] ?? '');
    for (const from of valueImports) expect(from.startsWith('./') || zodFree.has(from), `${file} imports values from ${from}`).toBe(true);
    expect(text).not.toMatch(/^export \* from/m);
  });

  it.each(files)('%s: everything it exports is re-exported by its schema half (and so by the package)', async (file) => {
    const plain = (await import(`../src/plain/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    const schemaHalf = (await import(`../src/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    const internal = readFileSync(join(plainDir, file), 'utf8').match(/@internal[^\n]*\n(?:\/\/[^\n]*\n)?export (?:const|function) (\w+)/g) ?? [];
    const internalNames = new Set(internal.map((m) => m.split(' ').pop()));
    for (const name of Object.keys(plain).filter((n) => !internalNames.has(n))) {
      expect(schemaHalf[name], `${file}: ${name}`).toBe(plain[name]);
      expect((contracts as Record<string, unknown>)[name], `index: ${name}`).toBe(plain[name]);
    }
  });
});

describe('zod-free checks agree with their schemas', () => {
  const samples: unknown[] = ['az', 'en', 'ru', 'tr', 'de', 'AZ', '', null, undefined, 1, 'light', 'dark', 'Dark', {}, []];

  it('isLanguageCode is languageCode.safeParse', () => {
    for (const v of samples) expect(contracts.isLanguageCode(v), String(v)).toBe(contracts.languageCode.safeParse(v).success);
  });

  it('isThemeName is themeName.safeParse', () => {
    for (const v of samples) expect(contracts.isThemeName(v), String(v)).toBe(contracts.themeName.safeParse(v).success);
  });

  it('isOneOf(HELPDESK_STATUSES) is helpdeskStatus.safeParse', () => {
    for (const v of [...samples, ...contracts.HELPDESK_STATUSES, 'NEW ', 'new']) {
      expect(contracts.isOneOf(contracts.HELPDESK_STATUSES, v), String(v)).toBe(contracts.helpdeskStatus.safeParse(v).success);
    }
  });

  it('isAdminName is adminName.safeParse, isAdminEmail is adminEmail.safeParse', () => {
    const texts = ['', ' ', 'Ali', '  Ali  ', 'a'.repeat(100), ` ${'a'.repeat(100)} `, 'a'.repeat(101), 'x\u0000y', '\uD800', 'Ş', 'a@b.c', ' A@B.CO ', 'a@b', 'a b@c.d', '@b.c', `${'a'.repeat(310)}@example.az`, `${'a'.repeat(320)}@b.c`, 'x@y.z\u0000'];
    for (const v of texts) {
      expect(contracts.isAdminName(v), JSON.stringify(v)).toBe(contracts.adminName.safeParse(v).success);
      expect(contracts.isAdminEmail(v), JSON.stringify(v)).toBe(contracts.adminEmail.safeParse(v).success);
    }
  });

  it('systemHasLdapAnswer parses as systemHasLdapResponse does', () => {
    const answers: unknown[] = [...samples, { systemHasLdap: true }, { systemHasLdap: false }, { systemHasLdap: 'true' }, { systemHasLdap: 1 }, { systemHasLdap: null }, { systemHasLdap: true, extra: 1 }, [true], Object.assign([], { systemHasLdap: true }), true];
    for (const v of answers) {
      const plain = contracts.systemHasLdapAnswer.safeParse(v);
      const schema = contracts.systemHasLdapResponse.safeParse(v);
      expect(plain.success, JSON.stringify(v)).toBe(schema.success);
      if (plain.success && schema.success) expect(plain.data).toEqual(schema.data);
    }
  });
});
