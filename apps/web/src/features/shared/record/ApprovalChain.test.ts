import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ApprovalState } from '@servicedesk/contracts';
import { toTimelineSteps } from './ApprovalChain';

const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key}${JSON.stringify(options)}` : key)) as unknown as TFunction;
const aysel = { id: 1, name: 'Aysel' };
const reshad = { id: 2, name: 'Rəşad' };
const leyla = { id: 3, name: 'Leyla' };

describe('toTimelineSteps (the engine’s approval as ApprovalTimeline steps)', () => {
  it('names a substitute’s decision "by X on behalf of Y", keeps decisions oldest first and marks parallel steps', () => {
    const steps: ApprovalState['steps'] = [
      {
        id: 10,
        position: 1,
        role: 'groupLead',
        mode: 'any',
        status: 'DELEGATED',
        approvers: [{ approver: reshad, decision: 'approve', decidedBy: aysel, decidedAt: '2026-03-10T09:00:00.000Z', comment: 'OK' }],
      },
      {
        id: 11,
        position: 2,
        role: null,
        mode: 'all',
        status: 'PENDING',
        approvers: [
          { approver: leyla, decision: 'approve', decidedBy: leyla, decidedAt: '2026-03-11T09:00:00.000Z', comment: null },
          { approver: aysel, decision: 'reject', decidedBy: aysel, decidedAt: '2026-03-10T12:00:00.000Z', comment: 'Not now, next year' },
          { approver: reshad, decision: null, decidedBy: null, decidedAt: null, comment: null },
        ],
      },
    ];
    const [first, second] = toTimelineSteps({ steps }, t);
    expect(first).toMatchObject({ label: 'approvals.roles.groupLead', mode: 'single', state: 'delegated', approvers: [reshad] });
    expect(first!.decisions).toEqual([{ id: '10-2', by: aysel, onBehalfOf: reshad, at: '2026-03-10T09:00:00.000Z', outcome: 'approved', comment: 'OK' }]);
    expect(second).toMatchObject({ label: 'approvals.chain.step{"position":2}', mode: 'all', state: 'pending' });
    expect(second!.decisions!.map((d) => [d.by.name, d.outcome, d.onBehalfOf])).toEqual([
      ['Aysel', 'rejected', null],
      ['Leyla', 'approved', null],
    ]);
  });
});
