import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentSendError, type OutboxMessage } from '../outbox/transport';
import { createWhatsAppTransport, isValidHubSignature, statusesOf, templateText } from './client';
import { loadNotificationDeliveryConfig } from './config';
import { createHmac } from 'node:crypto';

/** A request the stand-in received, after its shape was checked. */
interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A local stand-in (port 8292, this engineer's range) of the Cloud API's POST /{phone-number-id}/messages: it checks each request
 * against the documented template-message shape and answers like Graph — 200 with the wamid,
 * 400 with Graph's error object for a shape it refuses, or the status a test asks for (by recipient).
 */
function shapeProblems(req: IncomingMessage, body: unknown): string[] {
  const problems: string[] = [];
  if (req.headers['content-type'] !== 'application/json') problems.push('content-type');
  const b = body as Record<string, unknown>;
  if (b.messaging_product !== 'whatsapp') problems.push('messaging_product');
  if (b.type !== 'template') problems.push('type');
  if (typeof b.to !== 'string' || !/^\d{8,15}$/.test(b.to)) problems.push('to');
  const template = b.template as { name?: unknown; language?: { code?: unknown }; components?: { type?: unknown; parameters?: { type?: unknown; text?: unknown }[] }[] } | undefined;
  if (typeof template?.name !== 'string' || template.name === '') problems.push('template.name');
  if (typeof template?.language?.code !== 'string') problems.push('template.language.code');
  const bodyComponent = template?.components?.find((c) => c.type === 'body');
  const params = bodyComponent?.parameters ?? [];
  if (params.length !== 1 || params[0]!.type !== 'text' || typeof params[0]!.text !== 'string') problems.push('components.body.parameters');
  const text = String(params[0]?.text ?? '');
  if (/[\n\t]/.test(text) || / {5,}/.test(text) || text.length > 1024) problems.push('parameter text');
  return problems;
}

describe('the WhatsApp Cloud API transport against a local stand-in', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to?: string };
        seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
        const answer = (status: number, json: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        if (req.method !== 'POST' || req.url !== '/v21.0/1234567890/messages') return answer(404, { error: { message: 'Unknown path', code: 803 } });
        if (req.headers.authorization !== 'Bearer test-token') return answer(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
        const problems = shapeProblems(req, body);
        if (problems.length > 0) return answer(400, { error: { message: `(#100) Invalid parameter: ${problems.join(', ')}`, code: 100 } });
        if (body.to === '994500000500') return answer(500, { error: { message: 'Service temporarily unavailable', code: 2 } });
        if (body.to === '994500000400') return answer(400, { error: { message: 'Recipient phone number not in allowed list', code: 131030 } });
        answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.test-${seen.length}` }] });
      });
    });
    await new Promise<void>((resolve) => server.listen(8292, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const config = () =>
    loadNotificationDeliveryConfig({ WHATSAPP_API_BASE: base, WHATSAPP_PHONE_NUMBER_ID: '1234567890', WHATSAPP_ACCESS_TOKEN: 'test-token', WHATSAPP_TEMPLATE: 'sd_notice' }).whatsapp;
  const row = (recipient: string, body: string, lang: 'az' | 'ru' = 'ru'): OutboxMessage => ({
    id: 1,
    channel: 'whatsapp',
    recipient,
    subject: 'x',
    body,
    payload: { lang },
    attempts: 0,
    createdAt: new Date(),
  });

  it('posts the documented template message with the bearer token and answers the wamid', async () => {
    const transport = createWhatsAppTransport(config());
    const result = await transport.send(row('994501112233', 'Заявка HD-1\nназначена    вам https://sd.example.org/home/helpdesk/requests/1'));
    expect(result.providerMessageId).toMatch(/^wamid\.test-/);
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ method: 'POST', url: '/v21.0/1234567890/messages', authorization: 'Bearer test-token' });
    expect(last.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '994501112233',
      type: 'template',
      template: {
        name: 'sd_notice',
        language: { code: 'ru' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Заявка HD-1 назначена   вам https://sd.example.org/home/helpdesk/requests/1' }] }],
      },
    });
  });

  it('gives up at once on a 400 (permanent) and lets the sender retry a 500 or a wrong token', async () => {
    const transport = createWhatsAppTransport(config());
    await expect(transport.send(row('994500000400', 'text'))).rejects.toBeInstanceOf(PermanentSendError);
    await expect(transport.send(row('994500000400', 'text'))).rejects.toThrow(/400: 131030 Recipient phone number not in allowed list/);
    const failed = transport.send(row('994500000500', 'text'));
    await expect(failed).rejects.toThrow(/500/);
    await expect(failed).rejects.not.toBeInstanceOf(PermanentSendError);
    const wrongToken = createWhatsAppTransport({ ...config(), accessToken: 'other' });
    await expect(wrongToken.send(row('994501112233', 'text'))).rejects.toThrow(/401/);
    expect(() => createWhatsAppTransport({ ...config(), accessToken: null })).toThrow(/WHATSAPP_ACCESS_TOKEN/);
  });

  it('makes a one-line template parameter of at most 1024 characters', () => {
    expect(templateText('a\n\nb\tc      d')).toBe('a b c   d');
    expect(templateText('x'.repeat(2000))).toHaveLength(1024);
  });
});

describe('the webhook helpers', () => {
  it('accepts only the HMAC-SHA256 of the raw body with the app secret', () => {
    const raw = '{"entry":[]}';
    const good = `sha256=${createHmac('sha256', 'secret').update(raw).digest('hex')}`;
    expect(isValidHubSignature(raw, good, 'secret')).toBe(true);
    expect(isValidHubSignature(`${raw} `, good, 'secret')).toBe(false);
    expect(isValidHubSignature(raw, good, 'other')).toBe(false);
    expect(isValidHubSignature(raw, good.slice(0, -2), 'secret')).toBe(false);
    expect(isValidHubSignature(raw, undefined, 'secret')).toBe(false);
    expect(isValidHubSignature(raw, 'sha1=abc', 'secret')).toBe(false);
  });

  it('reads the statuses of a Cloud API webhook body and skips incoming messages', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            { field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id: 'wamid.A', status: 'delivered', timestamp: '1764662400', recipient_id: '994501112233' }] } },
            { field: 'messages', value: { messages: [{ from: '994501112233', id: 'wamid.in', type: 'text', text: { body: 'hi' } }] } },
            { field: 'messages', value: { statuses: [{ id: 'wamid.B', status: 'failed', timestamp: '1764662401', errors: [{ code: 131026, title: 'Message undeliverable' }] }] } },
          ],
        },
      ],
    };
    expect(statusesOf(body)).toEqual([
      { id: 'wamid.A', status: 'delivered', at: new Date(1764662400 * 1000), error: null },
      { id: 'wamid.B', status: 'failed', at: new Date(1764662401 * 1000), error: '131026 Message undeliverable' },
    ]);
    expect(statusesOf(null)).toEqual([]);
  });
});
