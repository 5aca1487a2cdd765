import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { requireUser } from '../../plugins/auth-guard';
import type { AuthUser } from '../../types';
import { recordRouteErrors, registerDecisionRoutes, type DecisionCall, type DecisionRequest } from '../routes';

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;
/** What a handler may answer: the 200 schema's input (the type provider serialises it), or the reply it sent itself. */
type Answer<R extends Schema> = R extends z.ZodType ? z.input<R> | FastifyReply : unknown;

/**
 * One signed-in route of a record module, as its file declares it: the action key the auth guard
 * checks (`config.permission`, types.ts: `'signedIn'` or a key of seed/catalog.ts), the zod
 * schemas of its path, query and body, and its 200 answer. Every route answers the record
 * errors (`recordRouteErrors`, lib/routes.ts) beside the 200.
 */
export interface RecordRouteSpec<P extends Schema, Q extends Schema, B extends Schema, R extends Schema> {
  permission: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The 200 answer's schema; left out for a route that answers bytes (then only the errors are declared). */
  response?: R;
  /** Fastify's `bodyLimit` in bytes, for a route whose body is larger than the default (e.g. an XML file). */
  bodyLimit?: number;
  /** Documentation-only additions to the OpenAPI entry (plugins/openapi.ts `config.openapi`). */
  openapi?: NonNullable<FastifyRequest['routeOptions']['config']['openapi']>;
}

/** What a record route's handler receives: the signed-in caller and the parsed path, query and body. */
export interface RecordRouteCall<P extends Schema, Q extends Schema, B extends Schema> {
  user: AuthUser;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Declares one route of {@link recordRoutes}: `url` under the module's prefix, its spec, its handler. */
export type RecordRouteDeclare = <
  P extends Schema = undefined,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  R extends Schema = undefined,
>(
  url: string,
  spec: RecordRouteSpec<P, Q, B, R>,
  handle: (call: RecordRouteCall<P, Q, B>) => Promise<Answer<R>>,
) => void;

/**
 * The route declarer of a record module (contracts, equipment, finance, stock…): `get`, `post`
 * and `put` each register `url` with `config.permission`, the spec's schemas, and a 200 of
 * `response` beside `recordRouteErrors`; the handler gets the caller (`requireUser` — every such
 * route is behind the auth guard, plugins/auth-guard.ts) and the parsed parts of the request.
 * Validation and serialisation stay the zod type provider's, registered once for the server.
 */
export function recordRoutes(app: FastifyInstance): Record<'get' | 'post' | 'put', RecordRouteDeclare> {
  const declare =
    (method: HTTPMethods): RecordRouteDeclare =>
    (url, spec, handle) => {
      app.route({
        method,
        url,
        ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
        config: { permission: spec.permission, ...(spec.openapi ? { openapi: spec.openapi } : {}) },
        schema: {
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          response: spec.response ? { 200: spec.response, ...recordRouteErrors } : { ...recordRouteErrors },
        },
        handler: async (request, reply) =>
          handle({
            user: requireUser(request),
            params: request.params as never,
            query: request.query as never,
            body: request.body as never,
            log: request.log,
            request,
            reply,
          }),
      });
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT') };
}

/**
 * Sends JSON the database wrote (a grid's page as text) as it is, `application/json; charset=utf-8`;
 * the response schema is not applied to a string, so the page goes out unparsed. (Some services
 * type that text as the list response, for the type provider; it is the same string.)
 */
export function sendJsonText(reply: FastifyReply, json: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * Sends a PDF as a download: `application/pdf`, `content-disposition: attachment; filename="…"`
 * (`name` must already be a safe file name), and with `noStore` `cache-control: private, no-store`
 * (a document about one record or person, SPEC §7 downloads).
 */
export function sendPdf(
  reply: FastifyReply,
  pdf: Uint8Array,
  name: string,
  options: { noStore?: boolean } = {},
): FastifyReply {
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`);
  if (options.noStore) reply.header('cache-control', 'private, no-store');
  return reply.send(pdf);
}

type UntypedDeclare = (
  url: string,
  spec: RecordRouteSpec<Schema, Schema, Schema, Schema>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see registerRecordRoutes
  handle: (call: RecordRouteCall<any, any, any>) => Promise<unknown>,
) => void;

/** One call of a record's skeleton: its action key and what it does, given the caller and the parsed request. */
interface SkeletonCall<B extends Schema, Result> {
  permission: string;
  body?: B;
  handle: (call: RecordRouteCall<z.ZodType<{ id: number }>, undefined, B>) => Promise<Result>;
}

/**
 * The routes every record kind with a detail page repeats, under `prefix` ('' for the module's
 * root): `POST {prefix}/grid` (a page of the list, JSON written by the database, sent as text),
 * `POST {prefix}/save` (create or edit → the detail), `GET {prefix}/{id}` (the detail),
 * `POST {prefix}/{id}/submit` and `…/cancel` (→ the detail), `POST {prefix}/{id}/comments`
 * (→ the new comment, `commentResponse`), and the approval chain's decisions through
 * {@link registerDecisionRoutes}. Each entry is optional and names its own action key; the
 * record rules (who sees it, the author, whose step it is) stay in the module's service.
 */
export function registerRecordRoutes<
  Detail extends z.ZodType,
  GridQuery extends z.ZodType,
  Save extends z.ZodType,
  CancelBody extends Schema,
  CommentBody extends z.ZodType,
  Comment extends z.ZodType,
  Call extends string,
  DecisionBody,
>(
  app: FastifyInstance,
  skeleton: {
    prefix: string;
    params: z.ZodType<{ id: number }>;
    detail: Detail;
    grid?: {
      permission: string;
      query: GridQuery;
      response: z.ZodType;
      /** The page as JSON text the database wrote (or typed as the response for the type provider: the same string). */
      handle: (user: AuthUser, query: z.output<GridQuery>) => Promise<unknown>;
    };
    save?: {
      permission: string;
      body: Save;
      handle: (call: RecordRouteCall<undefined, undefined, Save>) => Promise<z.input<Detail>>;
    };
    get?: { permission: string; handle: (user: AuthUser, id: number) => Promise<z.input<Detail>> };
    submit?: SkeletonCall<undefined, z.input<Detail>>;
    cancel?: SkeletonCall<CancelBody, z.input<Detail>>;
    comments?: SkeletonCall<CommentBody, z.input<Comment>> & { body: CommentBody; response: Comment };
    decisions?: {
      calls: Record<Call, DecisionCall<z.ZodType<DecisionBody>>>;
      decide: (request: DecisionRequest<Call, DecisionBody>) => Promise<z.output<Detail>>;
    };
  },
): void {
  // The skeleton's own types (above) check the module's handlers; inside, the declarer is used untyped.
  const route = recordRoutes(app) as unknown as Record<'get' | 'post', UntypedDeclare>;
  const { prefix, params, detail } = skeleton;
  const { grid, save, submit, cancel, comments, decisions } = skeleton;
  if (grid) {
    route.post(`${prefix}/grid`, { permission: grid.permission, body: grid.query, response: grid.response }, async ({ user, body, reply }) =>
      sendJsonText(reply, await grid.handle(user, body)),
    );
  }
  if (save) route.post(`${prefix}/save`, { permission: save.permission, body: save.body, response: detail }, save.handle);
  const { get } = skeleton;
  if (get) route.get(`${prefix}/:id`, { permission: get.permission, params, response: detail }, async ({ user, params: p }) => get.handle(user, p.id));
  if (submit) route.post(`${prefix}/:id/submit`, { permission: submit.permission, params, response: detail }, submit.handle);
  if (cancel) {
    route.post(`${prefix}/:id/cancel`, { permission: cancel.permission, params, body: cancel.body, response: detail }, cancel.handle);
  }
  if (comments) {
    route.post(
      `${prefix}/:id/comments`,
      { permission: comments.permission, params, body: comments.body, response: comments.response },
      comments.handle,
    );
  }
  if (decisions) registerDecisionRoutes(app, { prefix, params, response: detail, ...decisions });
}
