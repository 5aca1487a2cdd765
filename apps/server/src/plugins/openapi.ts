import { createRequire } from 'node:module';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, permissionNode } from '@servicedesk/contracts';

/** Where the document and the reference page live (issue #19). */
export const OPENAPI_JSON_URL = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/** The name of the one error shape under `components.schemas`. */
export const API_ERROR_SCHEMA = 'ApiError';

/**
 * What a route adds to its entry in the document and nothing else: Fastify never validates
 * with it. For calls zod cannot describe through `schema` — a multipart upload (Fastify would
 * validate the streamed body), a byte-stream answer (no serializer). `body` and the `response`
 * values are zod schemas (or, for a response, `{ description, content: { <mime>: { schema } } }`
 * as fastify-type-provider-zod takes them); `consumes` lists the request's media types.
 */
export interface RouteDocs {
  summary?: string;
  description?: string;
  consumes?: string[];
  body?: z.ZodType;
  response?: Record<number, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation-only additions to the route's OpenAPI entry (plugins/openapi.ts). */
    openapi?: RouteDocs;
  }
}

/**
 * The shared schemas the document names once under `components.schemas` (and `$ref`s
 * everywhere): the error shape, and every recursive schema (`z.lazy`) — fastify-type-provider-
 * zod can only refer to a recursive schema by a component name, so a new one must be added here
 * (the validation test in openapi.test.ts fails with "Can't resolve #/components/schemas/schema0"
 * until it is). Our own registry, not zod's global one, so nothing else converting zod is affected.
 */
const registry = z.registry<{ id: string; description?: string }>();
registry.add(apiError, { id: API_ERROR_SCHEMA, description: 'The one error shape of every failed call: `{ message, code, details? }` (contracts errors.ts).' });
registry.add(permissionNode, { id: 'PermissionNode', description: 'A node of the permission tree (contracts admin.ts), with its children.' });

/**
 * The error statuses every route of a kind can answer, whether or not its `schema.response`
 * names them (the guard, the validator and the error handler answer them before the handler),
 * each with the codes it carries (apps/server/README "API notes for clients").
 */
const COMMON_ERRORS: Record<number, string> = {
  400: '`validationError` (details: { location, issues: [{ path, message }] }) or `badRequest` (malformed JSON) — or a code of the call',
  401: '`missingToken`, `tokenExpired`, `invalidToken`, `inactiveUser`',
  403: '`forbidden` (details: { rule, params }: the caller\'s user type lacks the action key, or a record rule refuses)',
  500: '`internalError` — a fault of ours; the log holds the cause',
};

/** Descriptions of the other error statuses routes declare in `schema.response`. */
const STATUS_TEXT: Record<number, string> = {
  404: '`notFound` or the call\'s own not-found code',
  409: 'changed meanwhile or in use',
  413: '`payloadTooLarge` / `fileTooLarge`',
  415: '`unsupportedMediaType` / `fileTypeNotAllowed` / `fileContentMismatch`',
  422: 'a rule of the call refuses (the code names it)',
  429: '`rateLimited`',
};

/** `post /api/helpdesk/requests/:id/approve` → `postApiHelpdeskRequestsIdApprove` (unique per method and path). */
export function operationIdOf(method: string, url: string): string {
  const words = `${method} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** True for the routes of the reference page itself (its HTML, scripts, `json`, `yaml`). */
const isDocsUiRoute = (url: string) => url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);

type TransformInput = Parameters<ReturnType<typeof createJsonSchemaTransform>>[0];
type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/**
 * fastify-type-provider-zod's transform (zod → JSON Schema 2020-12, request shapes as zod
 * *inputs*, answers as *outputs*), wrapped to add what the document needs besides the shapes:
 * - only /api routes (not the web app's files, translations or the reference page);
 * - `x-permission`: `config.permission` (`signedIn` or an action key of seed/catalog.ts), or
 *   `public`; public calls carry `security: []`, the rest inherit the bearer scheme;
 * - `tags` from the module's prefix (`/api/helpdesk` → `helpdesk`), an `operationId`;
 * - the route's `config.openapi` (multipart bodies, byte-stream answers) merged over `schema`;
 * - the error shape (`$ref` ApiError) on 400, 401 and 403 (guarded calls), 404 (a path with
 *   an id or key), 500, and on every other error status the route declares;
 * - a bare 200 when the route declares no success schema.
 */
function createTransform() {
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry, skipList: [] });
  return (input: TransformInput) => {
    const { url, route } = input;
    if (!url.startsWith('/api/') || isDocsUiRoute(url)) return { schema: { hide: true }, url };
    const config = (route as RouteOptions).config ?? {};
    const docs = config.openapi;
    const merged: Schema = { ...((input.schema as Schema | undefined) ?? {}) };
    if (docs?.body) merged.body = docs.body;
    if (docs?.response) merged.response = { ...merged.response, ...docs.response };
    const result = zodTransform({ ...input, schema: merged as TransformInput['schema'] });
    const schema = result.schema as Schema;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const isPublic = config.public === true;
    const response: Record<string, unknown> = { ...schema.response };
    const errorRef = (status: number) => ({
      description: `${API_ERROR_SCHEMA}: ${COMMON_ERRORS[status] ?? STATUS_TEXT[status] ?? 'see `code`'}`,
      $ref: `#/components/schemas/${API_ERROR_SCHEMA}`,
    });
    const statuses = [400, 500, ...(isPublic ? [] : [401, 403]), ...(url.includes(':') ? [404] : [])];
    for (const status of Object.keys(response).map(Number).filter((s) => s >= 400)) statuses.push(status);
    for (const status of new Set(statuses)) response[status] = errorRef(status);
    if (!Object.keys(response).some((s) => s.startsWith('2'))) response[200] = { description: 'Success (the call declares no schema for it).' };
    for (const [status, shape] of Object.entries(response)) {
      // A plain JSON Schema answer: give it a description (else swagger shows "Default Response").
      if (status.startsWith('2') && typeof shape === 'object' && shape !== null && !('description' in shape) && !('content' in shape)) {
        response[status] = { ...shape, description: 'Success' };
      }
    }
    const permission = isPublic ? 'public' : (config.permission ?? 'undeclared');
    const needs =
      permission === 'public' ? 'No token needed.' : permission === 'signedIn' ? 'Any signed-in user.' : `Needs the action key \`${permission}\`.`;
    const prefix = (route as { prefix?: string }).prefix ?? '';
    const tag = prefix.replace(/^\/api\/?/, '') || 'openapi';
    return {
      url,
      schema: {
        ...schema,
        response,
        ...(docs?.consumes ? { consumes: docs.consumes } : {}),
        ...(docs?.summary ? { summary: docs.summary } : {}),
        description: [docs?.description, `**Permission:** ${needs}`].filter(Boolean).join('\n\n'),
        operationId: operationIdOf(method, url),
        tags: [tag],
        ...(isPublic ? { security: [] } : {}),
        'x-permission': permission,
      },
    };
  };
}

/**
 * The API description, part 1 (issue #19) — call before the auth guard and before any module:
 * @fastify/swagger collects every route registered after it (a new module appears in the
 * document by itself), and the reference page's routes are marked public before the guard
 * sees them. Part 2, {@link registerApiDocs}, serves the document and the page.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'ServiceDesk API',
        version,
        description:
          'Every call of the ServiceDesk server (SPEC §7). `x-permission` on an operation is what the caller needs: ' +
          '`public` (no token), `signedIn` (any signed-in user) or an action key their user type must hold ' +
          '(403 `forbidden` otherwise). Record rules (requester, assignee, group, …) may still refuse with 403. ' +
          'Every failure answers the one error shape `ApiError` `{ message, code, details? }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: createTransform(),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: registry }),
  });
  // Before the guard's own onRoute hook: the page's routes need no token (a browser opening
  // /api/docs cannot send one).
  app.addHook('onRoute', (route) => {
    if (isDocsUiRoute(route.url)) route.config = { ...route.config, public: true };
  });
}

/**
 * The API description, part 2 (issue #19) — call after the auth guard:
 * - `GET /api/openapi.json` → the OpenAPI 3.1 document (public; see below);
 * - `GET /api/docs` → the reference page (@fastify/swagger-ui: its scripts and styles come from
 *   the package under /api/docs/static — no CDN, no validator badge calling out), which reads
 *   /api/docs/json, the same document.
 * Public, not signedIn: the page is opened by navigation, which cannot carry a bearer token, and
 * the document holds no data — the same contracts ship in the web app's JavaScript to anyone
 * who loads the sign-in page. Every call it describes still checks its own permission.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  /** GET /api/openapi.json → the OpenAPI 3.1 document of every /api call (built once, cached). */
  app.get(
    OPENAPI_JSON_URL,
    {
      config: {
        public: true,
        openapi: {
          summary: 'This document',
          description: 'The OpenAPI 3.1 description of every /api call.',
          response: { 200: { description: 'OpenAPI 3.1', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } } },
        },
      },
    },
    async () => app.swagger(),
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    validatorUrl: false,
    uiConfig: { showExtensions: true, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false, persistAuthorization: false },
    theme: { title: 'ServiceDesk API' },
  });
}
