import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EQUIPMENT_NUMBER_PATTERN, equipmentRequestDetail } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { equipmentFixture, type EquipmentFixture } from './equipment.test-support';

const seqOf = (number: string) => Number(number.slice(-6));

describe.each(backends)('equipment request numbers on %s', (backend) => {
  let t: TestApp;
  let f: EquipmentFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await equipmentFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives 30 requests created at the same moment 30 distinct consecutive numbers INV-YYYY-NNNNNN', async () => {
    const before = await f.create('employee', { submit: false });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        f.call(i % 2 ? 'employee' : 'lead', 'POST', '/api/equipment/requests/save', {
          justification: `Eyni anda yaradılan sorğu ${i}`,
          lines: [{ description: 'Siçan', quantity: 1, unit: 'pcs', unitPrice: 1_500 }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(200));
    const numbers = results.map((r) => equipmentRequestDetail.parse(r.json).request.number);
    for (const number of numbers) expect(number).toMatch(EQUIPMENT_NUMBER_PATTERN);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    expect(seqs).toEqual(
      Array.from({ length: 30 }, (_, i) => seqOf(before.request.number) + 1 + i),
    );
  });

  it('gives a failed creation’s number back, so the sequence has no gap', async () => {
    const a = await f.create('employee', { submit: false });
    const failed = await f.call('employee', 'POST', '/api/equipment/requests/save', {
      justification: 'Başqasının faylı ilə',
      lines: [{ description: 'Siçan', quantity: 1, unit: 'pcs', unitPrice: 1_500 }],
      fileIds: [987_654],
    });
    expect(failed.status).toBe(422);
    const b = await f.create('employee', { submit: false });
    expect(seqOf(b.request.number)).toBe(seqOf(a.request.number) + 1);
  });
});
