import { describe, expect, it } from 'vitest';
import { HELPDESK_ACTION_KEYS, HELPDESK_TRANSITIONS } from '@servicedesk/contracts';
import { ACTION_KEYS, TRANSITIONS, findTransition } from './helpdesk.machine';

// Issue #11: the server enforces the contracts' table itself — not a copy (the mock's side:
// packages/api test/helpdesk-machine.test.ts).
describe('help-desk machine on the server', () => {
  it('is the contracts table, by identity', () => {
    expect(TRANSITIONS).toBe(HELPDESK_TRANSITIONS);
    expect(ACTION_KEYS).toBe(HELPDESK_ACTION_KEYS);
    for (const t of HELPDESK_TRANSITIONS.filter((x) => !x.guard)) expect(findTransition(t.from, t.action)).toBe(t);
  });
});
