import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildLocale } from '@servicedesk/i18n/resources';
import { HELPDESK_TRANSITIONS, languageCodes } from '@servicedesk/contracts';

/*
 * Every error code the server can answer has its text under errors.api.<code> in every language:
 * the server answers it in the caller's language (error-text.ts) and the web app's refusal texts
 * end with it (refusal.ts), so a code without one reaches the user as the English developer
 * message or a bare "something went wrong" (issue #40). The codes are read from the source — the
 * stable code of each domainRule / conflict / badRequest / unauthorized / new AppError(status, …)
 * thrown outside tests — of every module (src/modules/*, subfolders included), src/lib, the
 * plugins and the hub: a module that gains a code without its text fails here.
 */
const SRC = fileURLToPath(new URL('../', import.meta.url));
const CHECKED_DIRS = ['modules', 'lib', 'plugins', 'hub'];

const THROWER = String.raw`\b(?:domainRule|conflict|badRequest|unauthorized|new AppError\(\s*\d+\s*,)\s*\(?\s*`;
/** A code written as a string literal. */
const THROWN = new RegExp(`${THROWER}['"]([A-Za-z]+)['"]`, 'g');
/** A code built at run time (a template literal), e.g. `${field}Required`. */
const THROWN_TEMPLATE = new RegExp(`${THROWER}\`((?:[A-Za-z]|\\$\\{\\w+\\})+)\``, 'g');

/**
 * The codes each run-time-built code can be: a template not listed here fails the test, so its
 * values are always checked too. helpdesk.transitions.ts: 422 `<field>Required` for each field a
 * help-desk transition requires.
 */
const TEMPLATED: Record<string, () => string[]> = {
  '${field}Required': () => [...new Set(HELPDESK_TRANSITIONS.flatMap((t) => t.requires ?? []))].map((field) => `${field}Required`),
};

/** The non-test TypeScript sources under `dir` (a test, its support files and workers' test fixtures left out). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    const isSource = name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('test-support') && !name.endsWith('.fixture.ts');
    return isSource ? [path] : [];
  });
}

/** The codes thrown by the non-test sources under `src/<dir>` (recursively), each with the files (relative to src) that throw it. */
function thrownCodes(dir: string): Map<string, string[]> {
  const codes = new Map<string, string[]>();
  const add = (code: string, file: string) => codes.set(code, [...(codes.get(code) ?? []), file]);
  for (const path of sources(join(SRC, dir))) {
    const file = relative(SRC, path);
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(THROWN)) add(match[1]!, file);
    for (const match of text.matchAll(THROWN_TEMPLATE)) {
      const expand = TEMPLATED[match[1]!];
      if (!expand) add(`<the run-time code \`${match[1]}\`: list its values in TEMPLATED>`, file);
      else for (const code of expand()) add(code, file);
    }
  }
  return codes;
}

/** errors.api of `lang` as shipped. */
const apiTexts = (lang: (typeof languageCodes)[number]) =>
  ((buildLocale(lang).errors as Record<string, unknown>).api ?? {}) as Record<string, unknown>;

/** The modules under src/modules. */
const MODULES = readdirSync(join(SRC, 'modules')).filter((name) => statSync(join(SRC, 'modules', name)).isDirectory());

describe('every error code the server answers has its text in every language', () => {
  it('finds the codes it checks in the source (the extraction is not silently empty)', () => {
    expect(MODULES.length).toBeGreaterThan(20);
    const all = new Map(CHECKED_DIRS.flatMap((dir) => [...thrownCodes(dir)]));
    const expected = [
      'insufficientStock', // stock
      'lineNotAwaitingPurchase', // equipment
      'alreadyTaken', // finance
      'xmlDoctypeForbidden', // finance, e-invoices
      'folderCycle', // documents
      'wrongStage', // contracts
      'missingColumns', // debts
      'leaveOverlap', // schedules
      'notPublished', // news
      'outboxNotFailed', // outbox
      'invalidCursor', // lib/lists (a subfolder)
      'workTimedOut', // lib/workers (a subfolder)
      'solutionRequired', // helpdesk, a run-time code (TEMPLATED)
      'contractChanged', // contracts, new AppError(409, …) over several lines
      'sessionRevoked', // plugins
    ];
    for (const code of expected) expect(all.has(code), code).toBe(true);
    expect(all.has('fixtureRefused'), 'a worker test fixture is not a module').toBe(false);
  });

  it.each([...MODULES.map((module) => `modules/${module}`), ...CHECKED_DIRS.filter((dir) => dir !== 'modules')])('%s', (dir) => {
    const codes = thrownCodes(dir);
    const missing: string[] = [];
    for (const lang of languageCodes) {
      const texts = apiTexts(lang);
      for (const [code, files] of codes) {
        const text = texts[code];
        if (typeof text !== 'string' || text.trim() === '') missing.push(`${lang}: errors.api.${code} (${[...new Set(files)].join(', ')})`);
      }
    }
    expect(missing.join('\n'), 'texts missing').toBe('');
  });
});
