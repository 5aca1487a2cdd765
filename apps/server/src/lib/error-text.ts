import type { FastifyRequest } from 'fastify';
import { buildLocale } from '@servicedesk/i18n/resources';
import type { TranslationTree } from '@servicedesk/i18n/areas';
import type { LanguageCode } from '@servicedesk/contracts';
import { findOverride } from '../modules/translations/translations.repository';
import type { AppDeps } from '../types';
import { languageFromHeader } from './language';

/*
 * Error messages in the caller's language (SPEC §7: every call sends Accept-Language). Services
 * throw AppError with a stable `code` and an English developer message; the error handler asks
 * {@link localizedErrorMessage} for the text of `errors.api.<code>` in the request's language —
 * an admin's translation override first, then the shipped file (packages/i18n, area `errors`),
 * then the thrown English message. Clients can therefore show `message` as it comes.
 */

const shippedCache = new Map<LanguageCode, TranslationTree>();

function shippedText(lang: LanguageCode, code: string): string | undefined {
  let tree = shippedCache.get(lang);
  if (!tree) {
    tree = buildLocale(lang);
    shippedCache.set(lang, tree);
  }
  const api = (tree.errors as TranslationTree | undefined)?.api as TranslationTree | undefined;
  const text = api?.[code];
  return typeof text === 'string' ? text : undefined;
}

/**
 * Fills `{{name}}` placeholders from the error's details: strings and numbers as they are, an
 * array of strings joined with ", "; a placeholder without a value keeps its braces out (empty).
 */
function interpolate(text: string, details: unknown): string {
  const values = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').join(', ');
    return '';
  });
}

/**
 * The message for an error `code` in the language of `request`'s Accept-Language (the web app
 * always sends it, SPEC §7; a caller that sends none — curl, scripts — gets `fallback`, the
 * English developer text):
 * the override of `errors.api.<code>` when an admin edited it, else the shipped text, else
 * `fallback`. Never throws: a failed override read falls back to the shipped text.
 */
export async function localizedErrorMessage(
  deps: AppDeps | undefined,
  request: FastifyRequest,
  code: string,
  fallback: string,
  details?: unknown,
): Promise<string> {
  const header = request.headers['accept-language'];
  if (!header) return fallback;
  const lang = languageFromHeader(header);
  const key = `errors.api.${code}`;
  let text: string | undefined;
  if (deps) {
    try {
      text = await findOverride(deps.db, lang, key);
    } catch {
      text = undefined;
    }
  }
  text ??= shippedText(lang, code);
  return text === undefined ? fallback : interpolate(text, details);
}
