import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildLocale } from '@servicedesk/i18n/resources';
import { languageCodes } from '@servicedesk/contracts';

/*
 * Every error code a module can answer has its text under errors.api.<code> in every language:
 * the server answers it in the caller's language (error-text.ts) and the web app's refusal texts
 * end with it (refusal.ts), so a code without one reaches the user as the English developer
 * message or a bare "something went wrong". The codes are read from the modules' source — the
 * stable code of each domainRule / conflict / badRequest / unauthorized / new AppError(status, …)
 * thrown outside tests. Modules listed here are held to it (issue #40: stock and the equipment
 * requests' purchases); add a module once its codes have texts.
 */
const CHECKED_MODULES = ['stock', 'equipment'];

const THROWN = /\b(?:domainRule|conflict|badRequest|unauthorized|new AppError\(\s*\d+\s*,)\s*\(?\s*['"]([A-Za-z]+)['"]/g;

/** The codes thrown by the non-test sources of `src/modules/<module>`, with the files that throw each. */
function thrownCodes(module: string): Map<string, string[]> {
  const dir = fileURLToPath(new URL(`../modules/${module}/`, import.meta.url));
  const codes = new Map<string, string[]>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.includes('test-support')) continue;
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(THROWN)) {
      const code = match[1]!;
      codes.set(code, [...(codes.get(code) ?? []), file]);
    }
  }
  return codes;
}

/** errors.api of `lang` as shipped. */
const apiTexts = (lang: (typeof languageCodes)[number]) =>
  ((buildLocale(lang).errors as Record<string, unknown>).api ?? {}) as Record<string, unknown>;

describe('every error code of a checked module has its text in every language', () => {
  it('finds the codes it checks in the source (the extraction is not silently empty)', () => {
    const stock = thrownCodes('stock');
    const equipment = thrownCodes('equipment');
    for (const code of ['insufficientStock', 'unitNotHeld', 'countPlanChanged', 'notAnIssue']) expect(stock.has(code), code).toBe(true);
    for (const code of ['lineNotAwaitingPurchase', 'lineAlreadyOrdered', 'invoiceOtherVendor', 'unknownVendorInvoice', 'purchaseRequestReceived']) {
      expect(equipment.has(code), code).toBe(true);
    }
  });

  it.each(CHECKED_MODULES)('%s', (module) => {
    const codes = thrownCodes(module);
    const missing: string[] = [];
    for (const lang of languageCodes) {
      const texts = apiTexts(lang);
      for (const [code, files] of codes) {
        const text = texts[code];
        if (typeof text !== 'string' || text.trim() === '') missing.push(`${lang}: errors.api.${code} (${[...new Set(files)].join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
