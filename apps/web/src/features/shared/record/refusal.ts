import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isApiRequestError } from '@servicedesk/api/errors';

/** The 403 rules of the approval engine that have their own sentence under `approvals.refusals`. */
const ENGINE_RULES = new Set(['ownRecord', 'notApprover', 'alreadyDecidedStep']);

/** The i18n key that explains a refused call (the server's code, `errors.api.*`; the engine's 403 rules under `approvals.refusals`). */
export function refusalKey(error: unknown): string {
  return refusalKeys(error)[0]!;
}

/**
 * Where a module keeps its own refusal sentences, tried before the shared ones: `codes` holds one
 * key per error code (`news.errors` → `news.errors.notPublished`), `rules` one per 403 rule
 * (`helpdeskDetail.refusals` → `helpdeskDetail.refusals.ownRequest`).
 */
export interface RefusalTexts {
  codes?: string;
  rules?: string;
}

/**
 * The translation keys that may explain a refused call, most specific first, ending with
 * `error.generic` — for i18next's key fallback (`t(keys)` takes the first that exists), so a page
 * never shows the server's English message and never a bare "something went wrong" when the
 * code has a sentence anywhere: the module's own rule and code keys ({@link RefusalTexts}), the
 * engine's rules (`approvals.refusals.*`), the shared API codes (`errors.api.*`, the one place
 * every server code has its text), then the generic sentence. A call that never reached the
 * server (status 0) is `error.network`.
 */
export function refusalKeys(error: unknown, own: RefusalTexts = {}): string[] {
  if (!isApiRequestError(error)) return ['error.generic'];
  if (error.status === 0) return ['error.network', 'error.generic'];
  const rule = (error.details as { rule?: unknown } | undefined)?.rule;
  const keys: string[] = [];
  if (error.status === 403 && typeof rule === 'string') {
    if (own.rules) keys.push(`${own.rules}.${rule}`);
    if (ENGINE_RULES.has(rule)) keys.push(`approvals.refusals.${rule}`);
  }
  if (own.codes) keys.push(`${own.codes}.${error.code}`);
  keys.push(`errors.api.${error.code}`, 'error.generic');
  return keys;
}

/** The sentence explaining a refused call in the current language ({@link refusalKeys}); the error's details fill its placeholders. */
export function refusalText(t: TFunction, error: unknown, own?: RefusalTexts): string {
  const details = isApiRequestError(error) && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
  return t(refusalKeys(error, own), { ...details });
}

/** {@link refusalText} bound to the current language and the module's own keys: what the record kit's toasts show. */
export function useRefusalText(own?: RefusalTexts): (error: unknown) => string {
  const { t } = useTranslation();
  const { codes, rules } = own ?? {};
  return useCallback((error: unknown) => refusalText(t, error, { codes, rules }), [t, codes, rules]);
}
