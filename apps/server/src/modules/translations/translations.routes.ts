import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiError,
  resetTranslationInput,
  setTranslationInput,
  translationHistoryQuery,
  translationHistoryResponse,
  translationListQuery,
  translationListResponse,
  translationRow,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './translations.service';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 422: apiError };

/**
 * /api/admin/translations (issue #5 "Translation editing", SPEC §7 "translation editing"). Reading
 * needs `admin.translations`, changing `admin.translations.update` (403 `forbidden` otherwise).
 * Keys are the dotted paths of the merged tree GET /assets/i18n/{lang}.json serves.
 */
export async function translationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /**
   * GET /api/admin/translations?lang=az&search=&overriddenOnly=true&skip=0&take=50 →
   * { total, rows: { key, shipped, override, value, updatedBy, updatedAt }[] }: every shipped key
   * of the language in key order; `search` matches key, shipped text or override ignoring case
   * and Azerbaijani accents; take ≤ 500 (default 50).
   */
  app.get(
    '',
    { config: { permission: 'admin.translations' }, schema: { querystring: translationListQuery, response: { 200: translationListResponse, ...errors } } },
    async (request) => service.listTranslations(deps, request.query),
  );

  /**
   * PUT /api/admin/translations { lang, key, value } → the key's row: sets the override (a value
   * equal to the shipped text resets it). 404 `unknownTranslationKey`; 422 `placeholderMismatch`
   * (details { expected, actual }: the shipped text's {{placeholders}} and the value's).
   */
  app.put(
    '',
    { config: { permission: 'admin.translations.update' }, schema: { body: setTranslationInput, response: { 200: translationRow, ...errors } } },
    async (request) => service.setTranslation(deps, requireUser(request), request.body),
  );

  /** POST /api/admin/translations/reset { lang, key } → the key's row, back to the shipped text. 404 `unknownTranslationKey`. */
  app.post(
    '/reset',
    { config: { permission: 'admin.translations.update' }, schema: { body: resetTranslationInput, response: { 200: translationRow, ...errors } } },
    async (request) => service.resetTranslation(deps, requireUser(request), request.body),
  );

  /** GET /api/admin/translations/history?lang&key → { value, previous, changedBy, changedAt }[] newest first (value null = reset). */
  app.get(
    '/history',
    { config: { permission: 'admin.translations' }, schema: { querystring: translationHistoryQuery, response: { 200: translationHistoryResponse, ...errors } } },
    async (request) => service.translationHistory(deps, request.query.lang, request.query.key),
  );
}
