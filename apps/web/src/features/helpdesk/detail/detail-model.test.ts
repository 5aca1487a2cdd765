import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@servicedesk/api/errors';
import { actionButtons, isLongEnough, refusalKey, timelineItems } from './detail-model';

const person = { id: 1, name: 'Aysel Məmmədova', imgPath: null };

describe('actionButtons', () => {
  it('shows exactly the allowed actions, once each, in the machine’s order', () => {
    expect(actionButtons(['resolve', 'hold', 'resolve'])).toEqual(['hold', 'resolve']);
    expect(actionButtons(['cancel', 'approve', 'reject'])).toEqual(['approve', 'reject', 'cancel']);
    expect(actionButtons([])).toEqual([]);
  });
});

describe('isLongEnough', () => {
  it('counts the trimmed text against 10 characters', () => {
    expect(isLongEnough('   123456789   ')).toBe(false);
    expect(isLongEnough('1234567890')).toBe(true);
  });
});

describe('timelineItems', () => {
  it('merges history and comments newest first; a step and a comment at the same instant: the comment on top', () => {
    const items = timelineItems({
      history: [
        { id: 1, action: 'create', fromStatus: null, toStatus: 'NEW', actor: person, comment: null, details: null, createdAt: '2026-11-20T08:00:00.000Z' },
        { id: 2, action: 'approve', fromStatus: 'NEW', toStatus: 'APPROVED', actor: person, comment: null, details: null, createdAt: '2026-11-20T09:00:00.000Z' },
      ],
      comments: [
        { id: 1, author: person, text: 'first', createdAt: '2026-11-20T08:30:00.000Z' },
        { id: 2, author: person, text: 'same time', createdAt: '2026-11-20T09:00:00.000Z' },
      ],
    });
    expect(items.map((i) => i.key)).toEqual(['c2', 'h2', 'c1', 'h1']);
  });
});

describe('refusalKey', () => {
  const error = (status: number, code: string, details?: unknown) => new ApiRequestError(status, { message: 'x', code, ...(details ? { details } : {}) });
  it('names one’s own request and the wrong person in the page’s words, anything else by the server’s code', () => {
    expect(refusalKey(error(403, 'forbidden', { rule: 'ownRequest' }))).toBe('helpdeskDetail.refusals.ownRequest');
    expect(refusalKey(error(403, 'forbidden', { rule: 'notAllowedRole' }))).toBe('helpdeskDetail.refusals.notAllowedRole');
    expect(refusalKey(error(403, 'forbidden', { rule: 'userTypeLacks' }))).toBe('errors.api.forbidden');
    expect(refusalKey(error(422, 'invalidTransition'))).toBe('errors.api.invalidTransition');
    expect(refusalKey(error(409, 'requestChanged'))).toBe('errors.api.requestChanged');
    expect(refusalKey(new Error('boom'))).toBe('error.generic');
  });
});
