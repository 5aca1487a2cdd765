import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiError, type LanguageCode } from '@servicedesk/contracts';
import { requireUser } from '../plugins/auth-guard';
import type { AuthUser } from '../types';
import { languageFromHeader } from './language';

/**
 * The error answers of a signed-in record route, all in the one error shape (`apiError`, SPEC §7):
 * 400 bad input, 401 not signed in, 403 not allowed (the action key or the record rule), 404 not
 * found or not visible, 409 a conflict with the current state, 422 refused by a business rule.
 * Spread into a route's `schema.response` (add the route's own, e.g. 413, beside it).
 */
export const recordRouteErrors = {
  400: apiError,
  401: apiError,
  403: apiError,
  404: apiError,
  409: apiError,
  422: apiError,
} as const;

/** The caller's language from its Accept-Language header (SPEC §7: every call sends the stored language); az when none is supported. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  return languageFromHeader(request.headers['accept-language']);
}

/** One decision call of a record's approval chain: its action key and its body's schema. */
export interface DecisionCall<Body extends z.ZodType> {
  /** The action key the route asks for (`config.permission`), e.g. `contracts.visa`. */
  permission: string;
  body: Body;
}

/** What a decision handler receives: the caller, the record id from the path, which call, its parsed body. */
export interface DecisionRequest<Call extends string, Body> {
  user: AuthUser;
  id: number;
  call: Call;
  body: Body;
  log: FastifyBaseLogger;
}

/**
 * Registers the decision routes of a record kind on the approval engine — one
 * `POST {prefix}/{id}/{call}` per entry of `calls` (e.g. contracts' visa / lawyerCallback /
 * lawyerReject / clerkProcess, equipment's directorCallback / visaPoolCallback, the registry's
 * approve / reject). Each route names its action key, parses `params` and the call's body, answers
 * `response` (200) or `recordRouteErrors`, and hands the call to `decide`, which checks the record
 * rules (whose step it is, substitutes) through the engine and returns the record's detail.
 *
 * @param prefix the path before `/:id`, '' for the module's root (`/api/contracts/{id}/visa`)
 */
export function registerDecisionRoutes<Call extends string, Body, Response extends z.ZodType>(
  app: FastifyInstance,
  options: {
    prefix: string;
    params: z.ZodType<{ id: number }>;
    response: Response;
    calls: Record<Call, DecisionCall<z.ZodType<Body>>>;
    decide: (request: DecisionRequest<Call, Body>) => Promise<z.output<Response>>;
  },
): void {
  // Validation and serialisation are the zod type provider's (registered once for the server);
  // the handler's types come from the options above.
  for (const call of Object.keys(options.calls) as Call[]) {
    const { permission, body } = options.calls[call];
    app.post(
      `${options.prefix}/:id/${call}`,
      {
        config: { permission },
        schema: { params: options.params, body, response: { 200: options.response, ...recordRouteErrors } },
      },
      async (request) =>
        options.decide({
          user: requireUser(request),
          id: (request.params as { id: number }).id,
          call,
          body: request.body as Body,
          log: request.log,
        }),
    );
  }
}
