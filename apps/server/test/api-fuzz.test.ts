import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { OpenAPIV3_1 } from 'openapi-types';
import { chatMessages, userTypePermissions, userTypes, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { arbitraryFor, type Components, type JsonSchema } from './schema-arbitrary';

/**
 * Schema-derived fuzzing of the whole API (issue #19), in `npm test`.
 *
 * For every operation of GET /api/openapi.json — so a new module is fuzzed without an edit —
 * fast-check draws inputs from the operation's own schemas (test/schema-arbitrary.ts): half
 * valid, half hostile (empty, huge, unicode, NUL, lone surrogates, nulls, wrong types, extra
 * and missing fields, negative and enormous numbers, 100,000-character strings, truncated
 * multipart forms) for the path, the query and the body, and sends each with app.inject as an
 * admin and as an employee. Every answer must hold:
 * 1. never a 5xx;
 * 2. every 4xx is the one error shape `{ message: string, code: string, details? }`, no other key;
 * 3. never another user's data, checked by markers: before the run another employee files a
 *    help-desk request and a comment, and two other users exchange a chat message, each text
 *    holding a unique marker; no answer to the fuzzing employee may contain a marker (they are
 *    neither requester, assignee, group member nor a party to the chat). And no answer to anyone
 *    contains a password hash (`$argon2`).
 *
 * The callers are users of their own, created for the run with ids (1,900,001 and 1,900,002) and user
 * types of their own that generated ids (mostly 1–60, never above 1,000,000 unless a boundary
 * value) do not reach: a fuzzed "deactivate user 3", "change user type 2's grants" or "reset
 * user 5's password" cannot end the run's sessions or grant the employee a view of the markers.
 * So nothing is skipped; `changePassword` and `checkCurrectPassword` are fuzzed too (a generated
 * current password never matches). The admin's calls run before the employee's for each
 * operation, in the document's order.
 *
 * Fixed seed, bounded runs: FUZZ_RUNS (default 16) inputs per operation and caller, FUZZ_SEED
 * (default 19). On a failure fast-check shrinks the input to the smallest that still fails
 * (FUZZ_SHRINK=0 to skip that); the test reports every failing operation with its input. A
 * longer run: bench/api-fuzz/README.md.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const SHRINK = process.env.FUZZ_SHRINK !== '0';
/** Only the operations whose `METHOD /path` matches this regular expression (for a closer look). */
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;

/**
 * KNOWN 5xx, recorded instead of failed while another branch is fixing them — each class
 * recognised by the error the server logged for the 500 (`{ name, logged: /regexp/ }`). EMPTY:
 * sec20's classes (NUL and lone surrogates in text, ids beyond int4, truncated multipart) are
 * fixed on main (issue #20); the state to keep is no 5xx at all.
 */
const KNOWN_5XX: { name: string; logged: RegExp }[] = [];

const MARKER = `FUZZMARK${Date.now().toString(36)}`;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** One operation of the document, with what the generator needs. */
interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: JsonSchema | undefined;
  body: { kind: 'json' | 'multipart'; schema: JsonSchema } | undefined;
}

/** A generated call: values for the path's parameters, the query and the body. */
interface Input {
  hostile: boolean;
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  body: unknown;
  /** For a multipart body: the byte where the form is cut off (undefined: sent whole). */
  truncateAt?: number;
}

/** The operations of the document, in its order. */
function operationsOf(doc: OpenAPIV3_1.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const parameters = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const pathParams: Record<string, JsonSchema> = {};
      const queryProps: Record<string, JsonSchema> = {};
      const queryRequired: string[] = [];
      for (const p of parameters) {
        if (p.in === 'path') pathParams[p.name] = (p.schema ?? {}) as JsonSchema;
        if (p.in === 'query') {
          queryProps[p.name] = (p.schema ?? {}) as JsonSchema;
          if (p.required) queryRequired.push(p.name);
        }
      }
      const content = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content;
      const body = content?.['application/json']
        ? { kind: 'json' as const, schema: (content['application/json'].schema ?? {}) as JsonSchema }
        : content?.['multipart/form-data']
          ? { kind: 'multipart' as const, schema: (content['multipart/form-data'].schema ?? {}) as JsonSchema }
          : undefined;
      const query = Object.keys(queryProps).length > 0 ? { type: 'object', properties: queryProps, required: queryRequired } : undefined;
      operations.push({ method, path, pathParams, query, body });
    }
  }
  return operations;
}

/** Generated calls for `op`: valid and hostile ones in equal parts. */
function inputArbitrary(op: Operation, components: Components): fc.Arbitrary<Input> {
  const of = (hostile: boolean): fc.Arbitrary<Input> =>
    fc.record({
      hostile: fc.constant(hostile),
      params: fc.record(Object.fromEntries(Object.entries(op.pathParams).map(([name, s]) => [name, arbitraryFor(s, components, hostile, 1)]))),
      query: op.query ? (arbitraryFor(op.query, components, hostile) as fc.Arbitrary<Record<string, unknown> | undefined>) : fc.constant(undefined),
      body: op.body ? arbitraryFor(op.body.schema, components, hostile) : fc.constant(undefined),
      truncateAt: op.body?.kind === 'multipart' && hostile ? fc.option(fc.nat({ max: 400 }), { freq: 2 }).map((n) => n ?? undefined) : fc.constant(undefined),
    });
  return fc.oneof(of(false), of(true));
}

/** `text` with every lone surrogate as U+FFFD (a URL or a multipart header cannot carry them; JSON can). */
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** URI-encodes any value (objects as JSON). */
const encode = (value: unknown) => encodeURIComponent(wellFormed(String(typeof value === 'object' && value !== null ? JSON.stringify(value) : value)));

/** The query string of a generated query object (arrays as repeated keys, objects as JSON). */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query || typeof query !== 'object') return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push(`${encode(key)}=${encode(one === null ? '' : one)}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A multipart/form-data body: binary properties as file parts (the value's text as the name), the rest as fields. */
function multipart(schema: JsonSchema, components: Components, value: unknown, truncateAt: number | undefined): { payload: Buffer; contentType: string } {
  const boundary = '----fuzz19boundary';
  const chunks: Buffer[] = [];
  const fields: [string, unknown][] = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [['file', value]];
  for (const [name, raw] of fields) {
    const property = schema.properties?.[name];
    const isFile = property?.type === 'array' || property?.format === 'binary' || name === 'file';
    for (const one of Array.isArray(raw) ? raw : [raw]) {
      if (isFile) {
        const fileName = typeof one === 'string' && one.length > 0 ? one.slice(0, 200) : 'fuzz.txt';
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${wellFormed(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
        chunks.push(Buffer.from(`fuzz ${JSON.stringify(one)}\n`), Buffer.from('\r\n'));
      } else {
        chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${wellFormed(String(typeof one === 'object' ? JSON.stringify(one) : one))}\r\n`));
      }
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  void components;
  const payload = Buffer.concat(chunks);
  return { payload: truncateAt === undefined ? payload : payload.subarray(0, Math.min(truncateAt, payload.length)), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('the API under schema-derived fuzzing (issue #19)', () => {
  let t: TestApp;
  let doc: OpenAPIV3_1.Document;
  const logLines: string[] = [];
  const callers: { name: 'admin' | 'employee'; token: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, logLines);
    const { db, passwords } = t.app.deps;
    // The run's own callers: user types and users beyond every generated id (see above).
    const passwordHash = await passwords.hash('Fuzz12345');
    for (const [id, like] of [
      [1_900_001, 'admin'],
      [1_900_002, 'employee'],
    ] as const) {
      const [source] = await db.select().from(userTypes).where(eq(userTypes.key, like));
      await db.insert(userTypes).values({ id, key: `fuzz-${like}`, name: `Fuzz ${like}` });
      const grants = await db.select().from(userTypePermissions).where(eq(userTypePermissions.userTypeId, source!.id));
      if (grants.length > 0) await db.insert(userTypePermissions).values(grants.map((g) => ({ ...g, userTypeId: id })));
      await db.insert(users).values({ id, firstName: 'Fuzz', lastName: like, email: `fuzz-${like}@servicedesk.az`, passwordHash, userTypeId: id });
    }
    for (const name of ['admin', 'employee'] as const) callers.push({ name, token: await t.login(`fuzz-${name}@servicedesk.az`, 'Fuzz12345') });

    // The markers: records of other users the fuzzing employee must never see.
    const other = await t.login('employee@servicedesk.az');
    const reference = await t.as(other, { method: 'GET', url: '/api/helpdesk/reference' });
    const componentId = (reference.json() as { components: { id: number }[] }).components[0]!.id;
    const saved = await t.as(other, {
      method: 'POST',
      url: '/api/helpdesk/requests/save',
      payload: { title: `Printer ${MARKER}`, description: `Secret ${MARKER}`, componentId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const requestId = (saved.json() as { request: { id: number } }).request.id;
    const comment = await t.as(other, { method: 'POST', url: `/api/helpdesk/requests/${requestId}/comments`, payload: { text: `Note ${MARKER}`, mentionedUserIds: [] } });
    expect(comment.statusCode, comment.body).toBe(200);
    const [lead] = await db.select().from(users).where(eq(users.email, 'lead@servicedesk.az'));
    const [executor] = await db.select().from(users).where(eq(users.email, 'executor@servicedesk.az'));
    await db.insert(chatMessages).values({ senderId: lead!.id, receiverId: executor!.id, text: `Chat ${MARKER}` });

    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every generated call of every operation without a 5xx, in the one error shape, and never with another user\'s data', async () => {
    const components = (doc.components?.schemas ?? {}) as Components;
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 80);
    const failures: string[] = [];
    const known: string[] = [];
    let calls = 0;

    for (const op of operations) {
      if (ONLY && !ONLY.test(`${op.method.toUpperCase()} ${op.path}`)) continue;
      for (const caller of callers) {
        const property = fc.asyncProperty(inputArbitrary(op, components), async (input) => {
          const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(input.params[name] ?? ''));
          const url = path + queryString(input.query);
          const headers: Record<string, string> = { authorization: `Bearer ${caller.token}` };
          let payload: string | Buffer | undefined;
          if (op.body?.kind === 'json') {
            payload = JSON.stringify(input.body) ?? 'null';
            headers['content-type'] = 'application/json';
          } else if (op.body?.kind === 'multipart') {
            const form = multipart(op.body.schema, components, input.body, input.truncateAt);
            payload = form.payload;
            headers['content-type'] = form.contentType;
          }
          const logFrom = logLines.length;
          calls++;
          const res = await t.app.inject({ method: op.method.toUpperCase() as 'GET', url, headers, payload });
          const where = `${caller.name} ${op.method.toUpperCase()} ${url.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            const logged = logLines.slice(logFrom).join('\n');
            const knownClass = KNOWN_5XX.find((k) => k.logged.test(logged));
            if (knownClass) {
              known.push(`${knownClass.name}: ${where}`);
              return;
            }
            const cause = /"message":"([^"]{0,300})/.exec(logLines.slice(logFrom).find((l) => /"level":50/.test(l)) ?? '')?.[1];
            throw new Error(`${res.statusCode} ${res.body} — logged: ${cause ?? '(nothing)'}`);
          }
          if (res.statusCode >= 400) {
            const body = res.json() as Record<string, unknown>;
            const extra = Object.keys(body).filter((k) => !['message', 'code', 'details'].includes(k));
            if (typeof body.message !== 'string' || typeof body.code !== 'string' || extra.length > 0) {
              throw new Error(`${res.statusCode} not the error shape: ${res.body.slice(0, 300)}`);
            }
          }
          if (res.body.includes('$argon2')) throw new Error(`a password hash in the answer to ${where}`);
          if (caller.name === 'employee' && res.body.includes(MARKER)) throw new Error(`another user's record in the answer to ${where}: ${res.body.slice(0, 300)}`);
        });
        try {
          await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: !SHRINK });
        } catch (error) {
          const { message, cause } = error as Error & { cause?: Error };
          failures.push(`${caller.name} ${op.method.toUpperCase()} ${op.path}: ${message.split('\n\nHint')[0]!.slice(0, 1500)}\n→ ${cause?.message ?? ''}`);
        }
      }
    }
    console.info(`api fuzz: ${operations.length} operations, ${calls} calls, ${known.length} known 5xx, ${failures.length} failing operations (runs ${RUNS}, seed ${SEED})`);
    if (known.length > 0) console.info(`known 5xx classes still open (sec20):\n${[...new Set(known.map((k) => k.split(':')[0]))].join('\n')}`);
    expect(failures).toEqual([]);
  }, Math.max(170_000, RUNS * 15_000));
});
