import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HubConnectionState } from '@microsoft/signalr';
import { hubConnection, startHubServer, type HubServer } from '../../hub/test-support';

/**
 * Deactivating a user (POST /api/global/deactivateElement) closes their live hub connection
 * without reconnect and their token stops working, over a real listening server and the official
 * SignalR client.
 */
describe('deactivating a connected user', () => {
  let server: HubServer;
  beforeAll(async () => {
    server = await startHubServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (token: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('closes their hub connection and refuses their token and a new connection', async () => {
    const [admin, warehouse] = await Promise.all([server.login('admin@servicedesk.az'), server.login('warehouse@servicedesk.az')]);
    const connection = hubConnection(server.url, warehouse);
    await connection.start();
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));

    const res = await post(admin, '/api/global/deactivateElement', { id: await server.userId('warehouse@servicedesk.az'), type: 'user', desc: 'Contract ended this month' });
    expect(res.status).toBe(200);
    await closed;
    expect(connection.state).toBe(HubConnectionState.Disconnected);

    const after = await post(warehouse, '/api/chat/markRead', { partnerId: 1 });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('inactiveUser');
    await expect(hubConnection(server.url, warehouse).start()).rejects.toThrow();
  });
});
