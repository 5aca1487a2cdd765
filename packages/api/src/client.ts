import type { ApiError } from '@servicedesk/contracts';
import { ApiRequestError } from './errors';
import { yieldToMain } from './yield-to-main';

export { ApiRequestError, isApiRequestError } from './errors';
export type { ClientErrorCode } from './errors';

/**
 * Anything with zod's `safeParse` (every contract schema). Structural, so this package needs
 * no zod import of its own.
 */
export interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

/**
 * A contract schema loaded with the first call that needs it, e.g.
 * `() => import('@servicedesk/contracts/auth').then((m) => m.loginResponse)`: zod and the
 * schemas then load in parallel with the request instead of before the page's first paint
 * (issue #19's bundle budgets). The module loader caches it, so later calls resolve at once.
 */
export type LazySchema<T> = () => Promise<Schema<T>>;

/** A contract schema, given directly or lazily ({@link LazySchema}). */
export type SchemaSource<T> = Schema<T> | LazySchema<T>;

/**
 * Starts loading `schema` when it is lazy. The promise is meant to be awaited once the answer is
 * there; it never causes an unhandled rejection if the call fails before that.
 */
export function loadSchema<T>(schema: SchemaSource<T>): Promise<Schema<T>> {
  const ready = typeof schema === 'function' ? schema() : Promise.resolve(schema);
  ready.catch(() => undefined);
  return ready;
}

/**
 * Checks a successful answer (`status` 2xx) of `method url` against its contract: resolves with
 * the parsed value; rejects with {@link ApiRequestError} `invalidResponse` (the zod issues in
 * `details`) when the answer breaks it, or status 0 `networkError` when a lazy schema could not
 * be loaded (the app's files unreachable). Both are logged with console.error. The check runs in a
 * later task than the answer's arrival ({@link yieldToMain}).
 */
export async function checkAnswer<T>(
  schema: Promise<Schema<T>>,
  payload: unknown,
  method: string,
  url: string,
  status: number,
): Promise<T> {
  let contract: Schema<T>;
  try {
    contract = await schema;
  } catch (cause) {
    console.error(`[api] ${method} ${url}: its contract could not be loaded`, cause);
    throw new ApiRequestError(
      0,
      { message: `The contract of ${method} ${url} could not be loaded`, code: 'networkError' },
      { cause },
    );
  }
  // The check in a task of its own, apart from the body's reading and the contract module's first
  // evaluation (zod builds its schemas then), which came in the same task (issue #19).
  await yieldToMain();
  const result = contract.safeParse(payload);
  if (!result.success) {
    const error = new ApiRequestError(status, {
      message: `The answer of ${method} ${url} does not match its contract`,
      code: 'invalidResponse',
      details: result.error.issues,
    });
    console.error(`[api] ${error.message}`, result.error.issues);
    throw error;
  }
  return result.data;
}

/**
 * The server's error shape (contracts `apiError`: `message` and `code` strings, optional
 * `details`) read from an error answer's body, or null when the body is something else (a
 * proxy's HTML page). Checked by hand, so an error answer needs no schema loaded.
 */
export function readApiError(payload: unknown): ApiError | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { message, code, details } = payload as Record<string, unknown>;
  if (typeof message !== 'string' || typeof code !== 'string') return null;
  return 'details' in payload ? { message, code, details } : { message, code };
}

/** How the client learns about the session; every callback is read at request time. */
export interface ApiClientOptions {
  /** Prefix of every path. @default '/api' (SPEC §7: all paths start with /api) */
  baseUrl?: string;
  /** The stored session token, or null when signed out. */
  getToken?: () => string | null | undefined;
  /** The stored interface language, sent as Accept-Language. Falls back to 'az'. */
  getLanguage?: () => string | null | undefined;
  /** Whether the stored token's expiry has already passed (decides the 401 toast, SPEC §8). */
  isTokenExpired?: () => boolean;
  /**
   * Called on every 401 of an authenticated call, before the call rejects: `expired` true →
   * the app shows sessionHasExpired, false → unauthorized; either way it logs out (SPEC §8).
   */
  onUnauthorized?: (info: { expired: boolean }) => void;
  /** fetch to use; defaults to the global fetch looked up at call time (so MSW can patch it). */
  fetch?: typeof fetch;
}

/** One call: method, path under baseUrl, JSON body, and the contract schema of the answer. */
export interface ApiRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under baseUrl starting with '/', path parameters already encoded (see {@link encodePath}). */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * The contract schema the answer must satisfy, or a loader of it ({@link LazySchema}, started
   * with the request); a violation rejects with code 'invalidResponse'.
   */
  schema: SchemaSource<T>;
  signal?: AbortSignal;
  /**
   * false for the sign-in calls (login, forgot/reset password, LDAP check): no Authorization
   * header is sent and a 401 there (wrong password) is an ordinary error, not a lost session.
   * @default true
   */
  auth?: boolean;
}

/** The fetch wrapper every endpoint function goes through. */
export interface ApiClient {
  request<T>(request: ApiRequest<T>): Promise<T>;
  /** The resolved base URL (e.g. '/api'). */
  readonly baseUrl: string;
  /**
   * The headers request() sends (Accept, Accept-Language; Authorization when a token is stored
   * and `auth` is not false), for calls request() cannot make: multipart uploads with progress
   * (XMLHttpRequest) and blob downloads (see files/).
   */
  headers(auth?: boolean): Record<string, string>;
  /**
   * The {@link ApiRequestError} request() rejects with for an error answer (`payload` the parsed
   * body), with the same side effects: onUnauthorized on a 401 of an authenticated call,
   * console.error otherwise.
   */
  errorFor(
    method: string,
    url: string,
    status: number,
    payload: unknown,
    options?: { auth?: boolean; statusText?: string },
  ): ApiRequestError;
}

/** Encodes path parameters: encodePath`/auth/checkResetToken/${token}`. */
export function encodePath(strings: TemplateStringsArray, ...params: (string | number)[]): string {
  return strings.reduce(
    (out, part, i) => out + part + (i < params.length ? encodeURIComponent(String(params[i])) : ''),
    '',
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Creates the HTTP client of SPEC §7/§8. Every request carries `Accept-Language` (stored
 * language, default az) and, when a token is stored and the call is authenticated,
 * `Authorization: Bearer <token>`. Bodies are JSON. Answers are checked against the contract
 * schema. Failures reject with {@link ApiRequestError}:
 * - 401 on an authenticated call → `onUnauthorized({ expired: isTokenExpired() })`, then reject;
 * - any other error status → console.error with the server's message, then reject;
 * - network failure → console.error, reject with status 0 / code 'networkError';
 * - an answer that breaks the contract → console.error, reject with code 'invalidResponse'.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/+$/, '');

  function headersFor(auth = true): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.getLanguage?.() || 'az',
    };
    const token = auth ? options.getToken?.() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  function errorFor(
    method: string,
    url: string,
    status: number,
    payload: unknown,
    { auth = true, statusText = '' }: { auth?: boolean; statusText?: string } = {},
  ): ApiRequestError {
    const error = new ApiRequestError(
      status,
      readApiError(payload) ?? { message: statusText || `HTTP ${status}`, code: 'httpError', details: payload },
    );
    if (status === 401 && auth) {
      options.onUnauthorized?.({ expired: options.isTokenExpired?.() ?? false });
    } else {
      console.error(
        `[api] ${method} ${url} answered ${status} ${error.code}: ${error.message}`,
        error.details ?? '',
      );
    }
    return error;
  }

  async function request<T>({
    method,
    path,
    body,
    schema,
    signal,
    auth = true,
  }: ApiRequest<T>): Promise<T> {
    const url = baseUrl + path;
    // A page's queries all start in one task as it mounts (their observers subscribe in its
    // effects): each call begins in a task of its own instead (issue #19, Total Blocking Time).
    await yieldToMain();
    const contract = loadSchema(schema);
    const headers = headersFor(auth);
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause; // a cancelled query is not an error worth logging
      const error = new ApiRequestError(
        0,
        { message: `Network error on ${method} ${url}`, code: 'networkError' },
        { cause },
      );
      console.error(`[api] ${method} ${url} failed: network error`, cause);
      throw error;
    }

    const payload = await readJson(response);

    if (!response.ok) {
      throw errorFor(method, url, response.status, payload, { auth, statusText: response.statusText });
    }

    return checkAnswer(contract, payload, method, url, response.status);
  }

  return { request, baseUrl, headers: headersFor, errorFor };
}
