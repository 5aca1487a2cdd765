import { buildHubConnection, createHubClient, HUB_URL, type HubClient } from '@servicedesk/realtime/connection';
import { isTokenExpired, storage } from '../session/storage';

/**
 * The tab's real hub client on /ChatHub through packages/realtime (SPEC §4 "Chat", §7, §9): the
 * session token is read on every (re)connect, and a connection is only attempted while a token
 * exists and has not expired. Not started here ({@link RealtimeProvider} starts and stops it).
 *
 * Web unit tests never reach a real /ChatHub: test/setup.ts mocks this module with the fake hub
 * of test/fake-hub.ts.
 */
export function createRealHub(): HubClient {
  return createHubClient({
    // Absolute, so the client never has to resolve a relative URL itself.
    connection: buildHubConnection({
      url: new URL(HUB_URL, window.location.href).href,
      accessTokenFactory: () => storage.getToken() ?? '',
    }),
    canConnect: () => storage.getToken() !== null && !isTokenExpired(),
  });
}
