import fc from 'fast-check';

/**
 * A small JSON Schema (2020-12, as /api/openapi.json holds it) → fast-check arbitrary, for the
 * API fuzz test (issue #19). No kept library fits: the JSON-schema→fast-check packages on npm
 * are unmaintained and predate 2020-12 (`type: [..., 'null']`, `anyOf` nullables, `const`).
 * It covers what zod emits — `type` (one or a list), `enum`, `const`, `anyOf`/`oneOf`/`allOf`,
 * string `minLength`/`maxLength`/`pattern`/`format` (date-time, date, email), number and
 * integer bounds, arrays with `minItems`/`maxItems`, objects with `properties`/`required`/
 * `additionalProperties`, `$ref` into `components.schemas`, and `{}` (anything) — and nothing more.
 *
 * Two kinds of value:
 * - `valid`: what the schema allows, kept small (ids and counts mostly 1–60, so they meet seeded
 *   records; strings up to 40 characters of any unicode) so calls get past validation;
 * - `hostile`: at any depth, a value is now and then replaced by a boundary or wrong one (see
 *   {@link NASTY_STRINGS}, {@link NASTY_NUMBERS}, {@link WRONG_TYPES}), an object gains an extra
 *   field or loses a required one, an array is empty or long.
 */

/** A JSON Schema node as zod writes it (only the keywords read here). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Strings that have broken servers: empty, NUL, lone surrogates, bidi/zero-width, SQL, paths, huge. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '😀👩‍👩‍👧‍👦',
  'ǅ\u202Eevil\u200B',
  'İı ß ǆ',
  "' OR 1=1 --",
  '%00%ff',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '9'.repeat(40),
  'x'.repeat(5_000),
  'ü'.repeat(100_000),
];

/** Numbers at and beyond every edge: zero, negatives, int4/int8/safe-integer limits, fractions, 1e308. */
export const NASTY_NUMBERS: readonly number[] = [
  0, -1, -2_147_483_648, 2_147_483_647, 2_147_483_648, 4_294_967_296, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5, 1e-9,
];

/** A value of each JSON type, for "the wrong type here". */
export const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 'text', [], {}, [null], { a: 1 }];

/** The document's `components.schemas`, for `$ref`. */
export type Components = Record<string, JsonSchema>;

const MAX_DEPTH = 6;
/** Most items of a valid array (and of an array of a `{}` schema). */
const SMALL_ARRAY = 4;

/** The component a `#/components/schemas/<name>` reference names. */
function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = components[name] ?? {};
  }
  return current;
}

/** A string that meets `format` (date-time, date, email) or else the length bounds. */
function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const dates = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true });
  if (schema.format === 'date-time') return dates.map((d) => d.toISOString());
  if (schema.format === 'date') return dates.map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.emailAddress().filter((e) => e.length <= (schema.maxLength ?? 320));
  if (schema.pattern) {
    try {
      const re = new RegExp(schema.pattern, 'u');
      return fc.stringMatching(re).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      /* a pattern JavaScript cannot read: fall through to plain strings */
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

/** A number within the bounds, mostly small positive integers (the ids of seeded records). */
function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000), -1_000_000);
  const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000), 1_000_000);
  if (integer) {
    const small = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(60, min)) });
    return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * An arbitrary for `schema`. `hostile` mixes boundary and wrong values in at every depth (about
 * one value in five); otherwise the values satisfy the schema.
 */
export function arbitraryFor(schema: JsonSchema | undefined, components: Components, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const inner = validArbitrary(resolve(schema ?? {}, components), components, hostile, depth);
  if (!hostile) return inner;
  return fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: nastyArbitrary(resolve(schema ?? {}, components)) });
}

/** A boundary or wrong value for a node of `schema`'s kind. */
function nastyArbitrary(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const own: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string') || schema.format) {
    own.push(fc.constantFrom(...NASTY_STRINGS));
    if (schema.maxLength !== undefined) own.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  }
  if (types.includes('integer') || types.includes('number')) own.push(fc.constantFrom(...NASTY_NUMBERS));
  return fc.oneof(...own, fc.constantFrom(...WRONG_TYPES), fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_NUMBERS));
}

function validArbitrary(schema: JsonSchema, components: Components, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  const child = (s: JsonSchema | undefined) => arbitraryFor(s, components, hostile, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map(child));
  if (schema.allOf?.length) return child(schema.allOf[0]);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, components, hostile, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? SMALL_ARRAY, SMALL_ARRAY));
      const items = depth >= MAX_DEPTH ? fc.constant(null) : child(schema.items);
      const valid = fc.array(items, { minLength, maxLength });
      if (!hostile) return valid;
      // Now and then far more items than anyone sends (a list of ids, of names…).
      return fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: fc.array(items, { minLength: 500, maxLength: 600 }) });
    }
    case 'object':
      return objectArbitrary(schema, components, hostile, depth);
    default:
      // `{}`: any JSON value, kept small.
      return depth >= MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** The object's properties (required always, the others sometimes); hostile: an extra field, a required one missing. */
function objectArbitrary(schema: JsonSchema, components: Components, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    shape[name] = depth >= MAX_DEPTH ? fc.constant(null) : arbitraryFor(property, components, hostile, depth + 1);
  }
  const record = fc.record(shape, { requiredKeys: [...required].filter((k) => k in shape) });
  if (!hostile) return record;
  return fc.oneof(
    { weight: 6, arbitrary: record },
    { weight: 1, arbitrary: record.map((value) => ({ ...(value as object), __extra: 'field', constructor: { prototype: 1 } })) },
    {
      weight: 1,
      arbitrary: fc.tuple(record, fc.constantFrom(...(required.size > 0 ? [...required] : ['-']))).map(([value, drop]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[drop];
        return copy;
      }),
    },
  );
}
