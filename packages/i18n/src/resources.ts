import { areas, type TranslationTree } from './areas';
import { defaultLanguage, isLanguageCode, languageCodes, type LanguageCode } from './languages';

/** The i18next namespace every area merges into (one resource tree per language). */
export const namespace = 'translation';

function isTree(value: unknown): value is TranslationTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep-merges `source` into `target` (mutating `target`). A leaf defined twice, or a key that
 * is a string in one file and an object in another, throws: two areas must never fight over
 * a key, or one of them would silently lose its text.
 */
function mergeInto(target: TranslationTree, source: TranslationTree, path: string[]): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    const here = [...path, key].join('.');
    if (existing === undefined) {
      target[key] = isTree(value) ? structuredClone(value) : value;
    } else if (isTree(existing) && isTree(value)) {
      mergeInto(existing, value, [...path, key]);
    } else {
      throw new Error(`i18n: the key "${here}" is defined by more than one translation file`);
    }
  }
}

/**
 * The whole translation tree of one language: every area file of `lang` deep-merged
 * (common's keys at the top level, each area under its own key). An unknown code falls back
 * to az. The server answers GET /assets/i18n/{lang}.json with exactly this object (SPEC §7).
 * Returns a fresh object on every call, so callers may mutate it.
 */
export function buildLocale(lang: string): TranslationTree {
  const code: LanguageCode = isLanguageCode(lang) ? lang : defaultLanguage;
  const tree: TranslationTree = {};
  for (const files of Object.values(areas)) mergeInto(tree, files[code], []);
  return tree;
}

/** Bundled resources of every language in i18next's shape, for Storybook and tests. */
export function buildResources(): Record<LanguageCode, Record<typeof namespace, TranslationTree>> {
  return Object.fromEntries(
    languageCodes.map((code) => [code, { [namespace]: buildLocale(code) }]),
  ) as Record<LanguageCode, Record<typeof namespace, TranslationTree>>;
}
