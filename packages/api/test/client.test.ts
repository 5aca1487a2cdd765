import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  createApiClient,
  readApiError,
  type ApiClientOptions,
  type Schema,
} from '@servicedesk/api/client';
import { apiPath, errorResponse } from '@servicedesk/api/handlers';
import { getMenus } from '@servicedesk/api/global/get-menus';
import { login } from '@servicedesk/api/auth/login';
import { menusFixture } from '@servicedesk/api/global/global.fixtures';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const baseUrl = 'http://api.test/api';
const client = (options: Partial<ApiClientOptions> = {}) =>
  createApiClient({ baseUrl, ...options });

/** Records the headers of the next call to GetMenus and answers the fixture. */
function captureHeaders() {
  const seen: Headers[] = [];
  server.use(
    http.get(apiPath('/global/Layout/GetMenus'), ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json(menusFixture);
    }),
  );
  return seen;
}

describe('headers (SPEC §7)', () => {
  it('sends Accept-Language az and no Authorization when nothing is stored', async () => {
    const seen = captureHeaders();
    await getMenus(client());
    expect(seen[0]?.get('accept-language')).toBe('az');
    expect(seen[0]?.has('authorization')).toBe(false);
  });

  it('sends the stored language and the bearer token, read at request time', async () => {
    const seen = captureHeaders();
    let token = 'first';
    const api = client({ getToken: () => token, getLanguage: () => 'ru' });
    await getMenus(api);
    token = 'second';
    await getMenus(api);
    expect(seen.map((h) => h.get('authorization'))).toEqual(['Bearer first', 'Bearer second']);
    expect(seen[0]?.get('accept-language')).toBe('ru');
  });

  it('sends JSON bodies and no token on the sign-in calls', async () => {
    let received: { headers: Headers; body: unknown } | undefined;
    server.use(
      http.post(apiPath('/auth/login'), async ({ request }) => {
        received = { headers: request.headers, body: await request.json() };
        return errorResponse(401, 'invalidCredentials', 'The email or password is wrong');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      login(client({ getToken: () => 'stale' }), { email: '  a@b.az ', password: 'x' }),
    ).rejects.toThrow();
    expect(received?.headers.get('content-type')).toBe('application/json');
    expect(received?.headers.has('authorization')).toBe(false);
    expect(received?.body).toEqual({ email: 'a@b.az', password: 'x' });
  });
});

describe('401 (SPEC §8)', () => {
  it.each([true, false])(
    'calls onUnauthorized with expired=%s, then rejects with status 401',
    async (expired) => {
      server.use(
        http.get(apiPath('/global/Layout/GetMenus'), () =>
          errorResponse(401, 'unauthorized', 'The token has expired'),
        ),
      );
      const onUnauthorized = vi.fn();
      const error = await getMenus(
        client({ getToken: () => 't', isTokenExpired: () => expired, onUnauthorized }),
      ).catch((e: unknown) => e);
      expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith({ expired });
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    },
  );

  it('treats a wrong password at login as an ordinary error, not a lost session', async () => {
    server.use(
      http.post(apiPath('/auth/login'), () =>
        errorResponse(401, 'invalidCredentials', 'The email or password is wrong'),
      ),
    );
    const onUnauthorized = vi.fn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      login(client({ onUnauthorized }), { email: 'a@b.az', password: 'x' }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'invalidCredentials',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });
});

describe('other failures', () => {
  it('logs the server message and rejects with the error shape', async () => {
    server.use(
      http.get(apiPath('/global/Layout/GetMenus'), () =>
        errorResponse(403, 'forbidden', 'You may not open this menu', { action: 'menus' }),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = (await getMenus(client()).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'You may not open this menu',
      details: { action: 'menus' },
    });
    expect(error.body).toEqual({
      message: 'You may not open this menu',
      code: 'forbidden',
      details: { action: 'menus' },
    });
    expect(String(logged.mock.calls[0]?.[0])).toContain('You may not open this menu');
  });

  it('keeps only message, code and details of the error shape, and refuses arrays and non-strings', () => {
    expect(readApiError({ message: 'm', code: 'c', extra: 1 })).toEqual({ message: 'm', code: 'c' });
    expect(readApiError({ message: 'm', code: 'c', details: null })).toEqual({ message: 'm', code: 'c', details: null });
    expect(readApiError({ message: 'm', code: 7 })).toBeNull();
    expect(readApiError({ code: 'c' })).toBeNull();
    expect(readApiError([])).toBeNull();
    expect(readApiError('<h1>Bad gateway</h1>')).toBeNull();
    expect(readApiError(null)).toBeNull();
  });

  it('turns an error page that is not the error shape into code httpError', async () => {
    server.use(
      http.get(
        apiPath('/global/Layout/GetMenus'),
        () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(getMenus(client())).rejects.toMatchObject({
      status: 502,
      code: 'httpError',
      message: 'Bad Gateway',
    });
  });

  it('turns a network failure into status 0 / networkError, logged', async () => {
    server.use(http.get(apiPath('/global/Layout/GetMenus'), () => HttpResponse.error()));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(getMenus(client())).rejects.toMatchObject({ status: 0, code: 'networkError' });
    expect(logged).toHaveBeenCalled();
  });

  it('rejects an answer that breaks the contract', async () => {
    server.use(
      http.get(apiPath('/global/Layout/GetMenus'), () =>
        HttpResponse.json([{ caption: 'menu.x', url: '/x' }]),
      ),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = (await getMenus(client()).catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toMatchObject({ status: 200, code: 'invalidResponse' });
    expect(JSON.stringify(error.details)).toContain('icon');
    expect(logged).toHaveBeenCalled();
  });

  it('does not log a cancelled request', async () => {
    server.use(
      http.get(apiPath('/global/Layout/GetMenus'), async () => new Promise<Response>(() => {})),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    const pending = getMenus(client(), controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('request', () => {
  it('resolves an empty answer through the schema and strips a trailing slash of baseUrl', async () => {
    let url = '';
    server.use(
      http.get('http://api.test/api/ping', ({ request }) => {
        url = request.url;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const nothing: Schema<undefined> = {
      safeParse: (v) =>
        v === undefined
          ? { success: true, data: undefined }
          : { success: false, error: { issues: ['not empty'] } },
    };
    const api = createApiClient({ baseUrl: `${baseUrl}/` });
    await expect(
      api.request({ method: 'GET', path: '/ping', schema: nothing }),
    ).resolves.toBeUndefined();
    expect(url).toBe('http://api.test/api/ping');
    expect(api.baseUrl).toBe(baseUrl);
  });

  it('loads a lazy schema while the request is under way and checks the answer with it', async () => {
    const order: string[] = [];
    server.use(
      http.get('http://api.test/api/ping', () => {
        order.push('request');
        return HttpResponse.json({ pong: 1 });
      }),
    );
    const pong: Schema<{ pong: number }> = {
      safeParse: (v) =>
        typeof (v as { pong?: unknown }).pong === 'number'
          ? { success: true, data: v as { pong: number } }
          : { success: false, error: { issues: ['no pong'] } },
    };
    const lazy = vi.fn(async () => {
      order.push('schema');
      return pong;
    });
    const api = client();
    await expect(api.request({ method: 'GET', path: '/ping', schema: lazy })).resolves.toEqual({ pong: 1 });
    expect(lazy).toHaveBeenCalledTimes(1);
    // Started before the answer arrived, not after it.
    expect(order).toEqual(['schema', 'request']);

    server.use(http.get('http://api.test/api/ping', () => HttpResponse.json({ ping: 1 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.request({ method: 'GET', path: '/ping', schema: lazy })).rejects.toMatchObject({
      status: 200,
      code: 'invalidResponse',
      details: ['no pong'],
    });
  });

  it('turns a lazy schema that cannot be loaded into status 0 / networkError, logged', async () => {
    server.use(http.get('http://api.test/api/ping', () => HttpResponse.json({ pong: 1 })));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(client().request({ method: 'GET', path: '/ping', schema: offline })).rejects.toMatchObject({
      status: 0,
      code: 'networkError',
    });
    expect(String(logged.mock.calls[0]?.[0])).toContain('could not be loaded');
  });

  it('answers an error status without waiting for (or failing on) its lazy schema', async () => {
    server.use(http.get('http://api.test/api/ping', () => errorResponse(404, 'notFound', 'No such ping')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const never = () => new Promise<Schema<unknown>>(() => {});
    await expect(client().request({ method: 'GET', path: '/ping', schema: never })).rejects.toMatchObject({
      status: 404,
      code: 'notFound',
    });
    const offline = () => Promise.reject(new TypeError('offline'));
    await expect(client().request({ method: 'GET', path: '/ping', schema: offline })).rejects.toMatchObject({
      status: 404,
      code: 'notFound',
    });
  });

  it("defaults baseUrl to '/api'", () => {
    expect(createApiClient().baseUrl).toBe('/api');
  });
});

describe('tasks (issue #19: no long task of a page starting its calls or checking their answers)', () => {
  const pong: Schema<{ pong: number }> = {
    safeParse: (v) => ({ success: true, data: v as { pong: number } }),
  };
  /** Lets every queued microtask run (a yield to a task would not resolve in between). */
  const settleMicrotasks = async () => {
    for (let i = 0; i < 50; i++) await null;
  };

  it('a call starts its fetch in a later task than its caller, and checks the answer in a later task than it arrived', async () => {
    const yields: (() => void)[] = [];
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => yields.push(resolve)) });
    try {
      const fetch = vi.fn(async () => HttpResponse.json({ pong: 1 }));
      const check = vi.spyOn(pong, 'safeParse');
      const api = client({ fetch });
      const answers = [1, 2, 3].map(() => api.request({ method: 'GET', path: '/ping', schema: pong }));
      await settleMicrotasks();
      // Three calls started in one task (a page's queries as it mounts): none has fetched yet.
      expect(fetch).not.toHaveBeenCalled();
      expect(yields).toHaveLength(3);
      // Each continues in a task of its own.
      yields.shift()!();
      await settleMicrotasks();
      expect(fetch).toHaveBeenCalledTimes(1);
      yields.splice(0, 2).forEach((resume) => resume());
      await settleMicrotasks();
      expect(fetch).toHaveBeenCalledTimes(3);
      // The answers are there: their checks wait for a task each.
      expect(check).not.toHaveBeenCalled();
      expect(yields).toHaveLength(3);
      yields.splice(0).forEach((resume) => resume());
      await expect(Promise.all(answers)).resolves.toEqual([{ pong: 1 }, { pong: 1 }, { pong: 1 }]);
      expect(check).toHaveBeenCalledTimes(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('without scheduler.yield, yieldToMain resumes in a task: after every microtask queued before it', async () => {
    const { yieldToMain } = await import('@servicedesk/api/yield-to-main');
    vi.stubGlobal('scheduler', undefined);
    try {
      let chainDone = false;
      void (async () => {
        await settleMicrotasks();
        chainDone = true;
      })();
      await yieldToMain();
      expect(chainDone).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
