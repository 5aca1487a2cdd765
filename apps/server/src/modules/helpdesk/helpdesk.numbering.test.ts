import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPDESK_NUMBER_PATTERN, helpdeskRequestDetail } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { helpdeskFixture, type HelpdeskFixture } from './helpdesk.test-support';

const seqOf = (number: string) => Number(number.slice(-6));

describe.each(backends)('help-desk request numbers on %s', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives 40 requests created at the same moment 40 distinct consecutive numbers HD-YYYY-NNNNNN', async () => {
    const before = await f.create();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.as(f.token[i % 2 ? 'requester' : 'other'], {
          method: 'POST',
          url: '/api/helpdesk/requests/save',
          payload: { title: `Eyni anda sorğu ${i}`, description: 'Yük testi', componentId: f.component.printer },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    const numbers = results.map((r) => helpdeskRequestDetail.parse(r.json()).request.number);
    for (const number of numbers) expect(number).toMatch(HELPDESK_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(40);
    const year = before.request.number.slice(3, 7);
    expect(numbers.every((n) => n.slice(3, 7) === year)).toBe(true);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    const first = seqOf(before.request.number) + 1;
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => first + i));
  });

  it('does not use up a number when the creation fails, so the sequence has no gap', async () => {
    const a = await f.create();
    const failed = await t.as(f.token.requester, {
      method: 'POST',
      url: '/api/helpdesk/requests/save',
      payload: { title: 'Qoşma ilə', description: 'Fayl başqasınındır', componentId: f.component.printer, fileIds: [987654] },
    });
    expect(failed.statusCode).toBe(422);
    expect(failed.json()).toMatchObject({ code: 'fileNotAttachable' });
    const b = await f.create();
    expect(seqOf(b.request.number)).toBe(seqOf(a.request.number) + 1);
  });
});
