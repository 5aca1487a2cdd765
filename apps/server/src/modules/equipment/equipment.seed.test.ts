import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipmentListResponse } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { equipmentFixture, type EquipmentFixture } from './equipment.test-support';

describe.each(backends)('equipment demo data on %s', (backend) => {
  let t: TestApp;
  let f: EquipmentFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await equipmentFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has requests in every lasting status, one over budget by override and one decided by a substitute', async () => {
    const all = equipmentListResponse.parse(
      (
        await f.call('director', 'POST', '/api/equipment/requests/grid', {
          scope: 'all',
          take: 100,
        })
      ).json,
    );
    const statuses = new Set(all.rows.map((r) => r.status));
    for (const s of [
      'DRAFT',
      'IN_APPROVAL',
      'APPROVED',
      'PROCESSED',
      'REJECTED',
      'RETURNED',
      'CANCELLED',
    ])
      expect(statuses).toContain(s);
    const histories = await Promise.all(all.rows.map((r) => f.detail('director', r.id)));
    const rows = histories.flatMap((d) => d.history);
    expect(rows.some((h) => h.onBehalfOf !== null && h.action === 'approve')).toBe(true);
    expect(
      rows.some(
        (h) => (h.details as { budget?: { override?: boolean } } | null)?.budget?.override === true,
      ),
    ).toBe(true);
  });

  it('puts the director’s pending ones in my approvals and the approved ones in the warehouse queue', async () => {
    const mine = await f.call('director', 'POST', '/api/approvals/mine', {
      skip: 0,
      take: 50,
      recordKind: 'equipmentRequest',
    });
    expect(mine.status).toBe(200);
    expect(mine.json.rows.length).toBeGreaterThanOrEqual(2);
    const queue = equipmentListResponse.parse(
      (
        await f.call('keeper', 'POST', '/api/equipment/requests/grid', {
          scope: 'processing',
          status: ['APPROVED'],
        })
      ).json,
    );
    expect(queue.rows.length).toBeGreaterThanOrEqual(3);
  });
});
