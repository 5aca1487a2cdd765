import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@servicedesk/api/errors';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { refusalText } from './debts-display';

/*
 * The module's refusal helper ends in the record kit's chain (shared/record/refusal.ts): its own
 * sentence for a code, else the shared errors.api sentence every server code has (error-codes.test
 * on the server), else the generic one — before, a code with no module sentence showed "try again".
 */
const refused = (status: number, code: string, details?: unknown) => new ApiRequestError(status, { code, message: `server English for ${code}`, ...(details === undefined ? {} : { details }) });
const resources = buildResources();
const en = createI18n({ lng: 'en', resources });

describe('debts refusalText', () => {
  it('debts: the prefix sentence first (with its columns), then errors.api with its details', () => {
    expect(refusalText(en.t, refused(422, 'noFiles'), 'debts.detail.errors')).toBe('No file was selected.');
    expect(refusalText(en.t, refused(422, 'ratesFileInvalid', { reason: 'line 3' }), 'debts.detail.errors')).toBe('The rates file cannot be read: line 3');
    expect(refusalText(en.t, refused(422, 'noSuchCodeAnywhere'), 'debts.detail.errors')).toBe(en.t('error.generic'));
  });
});
