import type { BackendModule, ReadCallback } from 'i18next';

/** Options of the fetch backend. */
export interface FetchBackendOptions {
  /** URL template; `{{lng}}` and `{{ns}}` are replaced. Web: '/assets/i18n/{{lng}}.json' (SPEC §7). */
  loadPath: string;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/**
 * A tiny i18next backend that fetches one JSON tree per language (the server merges every
 * area, so one request per language). A non-2xx answer or a network failure is reported to
 * i18next as an error, which then falls back to az.
 */
export function createFetchBackend(options: FetchBackendOptions): BackendModule<object> {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = options.loadPath
        .replace('{{lng}}', encodeURIComponent(language))
        .replace('{{ns}}', encodeURIComponent(namespace));
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      doFetch(url, { headers: { Accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`i18n: GET ${url} answered ${response.status}`);
          callback(null, (await response.json()) as Record<string, unknown>);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : String(error), false));
    },
  };
}
