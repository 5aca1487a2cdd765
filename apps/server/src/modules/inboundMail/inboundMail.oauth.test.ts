import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthTokenSource } from './inboundMail.imap';

/*
 * The XOAUTH2 token of Microsoft 365 IMAP (client credentials, RFC 6749 §4.4) against a local
 * stand-in of the token endpoint on a port the system picks: the request's form and the token's
 * reuse until shortly before it expires. Nothing leaves the machine.
 */
describe('the IMAP OAuth token', () => {
  let server: Server;
  let url: string;
  const bodies: string[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { token_type: 'Bearer', expires_in: 3599, access_token: 'token-1' } };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(`${req.method} ${req.headers['content-type']} ${body}`);
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tenant/oauth2/v2.0/token`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks with the client credentials once and reuses the token until a minute before it expires', async () => {
    let now = Date.parse('2026-12-01T08:00:00Z');
    const token = oauthTokenSource({ tokenUrl: url, clientId: 'app id', clientSecret: 's&cret', scope: 'https://outlook.office365.com/.default' }, fetch, () => new Date(now));
    expect(await token()).toBe('token-1');
    expect(bodies).toEqual([
      'POST application/x-www-form-urlencoded grant_type=client_credentials&client_id=app+id&client_secret=s%26cret&scope=https%3A%2F%2Foutlook.office365.com%2F.default',
    ]);
    now += 3000 * 1000;
    expect(await token()).toBe('token-1');
    expect(bodies).toHaveLength(1);
    answer = { status: 200, body: { expires_in: 3599, access_token: 'token-2' } };
    now += 600 * 1000;
    expect(await token()).toBe('token-2');
    expect(bodies).toHaveLength(2);
  });

  it('fails with the endpoint’s error (the reader’s run then fails and is tried at the next tick)', async () => {
    answer = { status: 401, body: { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' } };
    const token = oauthTokenSource({ tokenUrl: url, clientId: 'id', clientSecret: 'wrong', scope: 's' });
    await expect(token()).rejects.toThrow('IMAP OAuth token: 401 invalid_client AADSTS7000215: Invalid client secret provided.');
  });
});
