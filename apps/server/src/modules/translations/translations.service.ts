import { createHash } from 'node:crypto';
import { buildLocale } from '@servicedesk/i18n/resources';
import { normalizeForSearch } from '@servicedesk/i18n/normalize';
import type { TranslationTree } from '@servicedesk/i18n/areas';
import {
  TRANSLATION_ALLOWED_TAGS,
  disallowedMarkup,
  placeholdersOf,
  type LanguageCode,
  type PlaceholderMismatchDetails,
  type ResetTranslationInput,
  type SetTranslationInput,
  type TranslationHistoryItem,
  type TranslationListResponse,
  type TranslationRow,
} from '@servicedesk/contracts';
import { AppError, domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './translations.repository';

/*
 * Translation editing (issue #5): the shipped files (packages/i18n) are the source; an admin's
 * override of a key replaces its text in one language, stored in translation_overrides and
 * audited in translation_audit. GET /assets/i18n/{lang}.json answers the shipped tree with the
 * overrides applied (mergedLocale), so a reload shows an edit and a key without an override keeps
 * the shipped text. An override of a key the files no longer ship is ignored (and not listed).
 */

/** One leaf of the shipped tree: its dotted key, its path segments and its text. */
interface Leaf {
  key: string;
  path: string[];
  text: string;
}

function flatten(tree: TranslationTree, path: string[] = []): Leaf[] {
  return Object.entries(tree).flatMap(([segment, value]) =>
    typeof value === 'string' ? [{ key: [...path, segment].join('.'), path: [...path, segment], text: value }] : flatten(value, [...path, segment]),
  );
}

const shippedCache = new Map<LanguageCode, { leaves: Leaf[]; byKey: Map<string, Leaf> }>();

/** The shipped leaves of a language, sorted by key (built once per process: the files are bundled). */
function shipped(lang: LanguageCode) {
  let entry = shippedCache.get(lang);
  if (!entry) {
    const leaves = flatten(buildLocale(lang)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    entry = { leaves, byKey: new Map(leaves.map((l) => [l.key, l])) };
    shippedCache.set(lang, entry);
  }
  return entry;
}

function shippedLeaf(lang: LanguageCode, key: string): Leaf {
  const leaf = shipped(lang).byKey.get(key);
  if (!leaf) throw new AppError(404, 'unknownTranslationKey', `"${key}" is not a key of the ${lang} translation files.`);
  return leaf;
}

/** The list filters (contracts translationListQuery after parsing; no skip/take = everything). */
export interface ListQuery {
  lang: LanguageCode;
  search?: string;
  overriddenOnly?: boolean;
  skip?: number;
  take?: number;
}

/**
 * GET /api/admin/translations: every shipped key of `lang` with its override, filtered by
 * `search` (key, shipped text or override; case- and Azerbaijani-accent-insensitive) and
 * `overriddenOnly`, paged by `skip`/`take` in key order.
 */
export async function listTranslations(deps: AppDeps, query: ListQuery): Promise<TranslationListResponse> {
  const overrides = new Map((await repo.overridesOf(deps.db, query.lang)).map((o) => [o.key, o]));
  const needle = normalizeForSearch(query.search);
  const rows: TranslationRow[] = [];
  for (const leaf of shipped(query.lang).leaves) {
    const override = overrides.get(leaf.key);
    if (query.overriddenOnly && !override) continue;
    if (
      needle !== '' &&
      !normalizeForSearch(leaf.key).includes(needle) &&
      !normalizeForSearch(leaf.text).includes(needle) &&
      !(override && normalizeForSearch(override.value).includes(needle))
    ) {
      continue;
    }
    rows.push({
      key: leaf.key,
      shipped: leaf.text,
      override: override?.value ?? null,
      value: override?.value ?? leaf.text,
      updatedBy: override?.updatedBy ?? null,
      updatedAt: override?.updatedAt.toISOString() ?? null,
    });
  }
  const skip = query.skip ?? 0;
  const take = query.take ?? rows.length;
  return { total: rows.length, rows: rows.slice(skip, skip + take) };
}

/** The row of one key after a change. */
async function rowOf(deps: AppDeps, lang: LanguageCode, key: string): Promise<TranslationRow> {
  const page = await listTranslations(deps, { lang });
  const row = page.rows.find((r) => r.key === key);
  if (!row) throw new AppError(404, 'unknownTranslationKey', `"${key}" is not a key of the ${lang} translation files.`);
  return row;
}

/**
 * Sets the override of `key` in `lang` → its row. The value must keep exactly the shipped text's
 * `{{placeholders}}` (422 `placeholderMismatch`, details { expected, actual }); 404
 * `unknownTranslationKey` for a key the files do not ship. A value equal to the shipped text is a
 * reset (no override is kept). 422 `unsafeMarkup` (details { markup }) for tags other than the
 * few the notification texts use (contracts disallowedMarkup). Audited.
 */
export async function setTranslation(deps: AppDeps, user: AuthUser, input: SetTranslationInput): Promise<TranslationRow> {
  const leaf = shippedLeaf(input.lang, input.key);
  const expected = placeholdersOf(leaf.text);
  const actual = placeholdersOf(input.value);
  if (expected.join('\u0000') !== actual.join('\u0000')) {
    const missing = expected.filter((p) => !actual.includes(p));
    const extra = actual.filter((p) => !expected.includes(p));
    const parts = [
      missing.length ? `keep ${missing.map((p) => `{{${p}}}`).join(', ')}` : '',
      extra.length ? `remove ${extra.map((p) => `{{${p}}}`).join(', ')}` : '',
    ].filter(Boolean);
    throw domainRule('placeholderMismatch', `The text must have the same placeholders as the original: ${parts.join('; ')}.`, {
      expected,
      actual,
    } satisfies PlaceholderMismatchDetails);
  }
  const markup = disallowedMarkup(input.value);
  if (markup.length > 0) {
    throw domainRule('unsafeMarkup', `The text may only use the tags ${TRANSLATION_ALLOWED_TAGS.map((t) => `<${t}>`).join(', ')}, without attributes; found ${markup.join(' ')}.`, {
      markup,
    });
  }
  if (input.value === leaf.text) return resetTranslation(deps, user, input);
  await deps.db.transaction(async (tx) => {
    const previous = (await repo.findOverride(tx, input.lang, input.key)) ?? null;
    if (previous === input.value) return;
    await repo.upsertOverride(tx, input.lang, input.key, input.value, user.id);
    await repo.audit(tx, { lang: input.lang, key: input.key, value: input.value, previous, changedBy: user.id });
  });
  return rowOf(deps, input.lang, input.key);
}

/** Drops the override of `key` in `lang` (back to the shipped text) → its row; audited when there was one. 404 as set. */
export async function resetTranslation(deps: AppDeps, user: AuthUser, input: ResetTranslationInput): Promise<TranslationRow> {
  shippedLeaf(input.lang, input.key);
  await deps.db.transaction(async (tx) => {
    const previous = await repo.findOverride(tx, input.lang, input.key);
    if (previous === undefined) return;
    await repo.deleteOverride(tx, input.lang, input.key);
    await repo.audit(tx, { lang: input.lang, key: input.key, value: null, previous, changedBy: user.id });
  });
  return rowOf(deps, input.lang, input.key);
}

/** The changes of one key, newest first. 404 `unknownTranslationKey` as set. */
export async function translationHistory(deps: AppDeps, lang: LanguageCode, key: string): Promise<TranslationHistoryItem[]> {
  shippedLeaf(lang, key);
  return (await repo.history(deps.db, lang, key)).map((h) => ({ ...h, changedAt: h.changedAt.toISOString() }));
}

/**
 * The tree GET /assets/i18n/{lang}.json serves: the shipped tree with every override of `lang`
 * written over its leaf, plus an ETag of the result (a quoted sha1), so clients revalidate cheaply
 * and see an edit on the next load.
 */
export async function mergedLocale(deps: AppDeps, lang: LanguageCode): Promise<{ tree: TranslationTree; etag: string }> {
  const tree = buildLocale(lang);
  const { byKey } = shipped(lang);
  for (const override of await repo.overridesOf(deps.db, lang)) {
    const leaf = byKey.get(override.key);
    if (!leaf) continue;
    let node = tree;
    for (const segment of leaf.path.slice(0, -1)) node = node[segment] as TranslationTree;
    node[leaf.path[leaf.path.length - 1]!] = override.value;
  }
  const etag = `"${createHash('sha1').update(JSON.stringify(tree)).digest('base64url')}"`;
  return { tree, etag };
}
