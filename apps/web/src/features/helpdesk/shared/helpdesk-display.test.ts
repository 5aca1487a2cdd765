import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@servicedesk/api/errors';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { helpdeskErrorText } from './helpdesk-display';

/*
 * The module's refusal helper ends in the record kit's chain (shared/record/refusal.ts): its own
 * sentence for a code, else the shared errors.api sentence every server code has (error-codes.test
 * on the server), else the generic one — before, a code with no module sentence showed "try again".
 */
const refused = (status: number, code: string, details?: unknown) => new ApiRequestError(status, { code, message: `server English for ${code}`, ...(details === undefined ? {} : { details }) });
const resources = buildResources();
const en = createI18n({ lng: 'en', resources });
const tr = createI18n({ lng: 'tr', resources });

describe('helpdeskErrorText', () => {
  it('help desk: its own sentence first, then errors.api, then generic; the network sentence offline', () => {
    expect(helpdeskErrorText(refused(422, 'unknownPriority'), en.t)).toBe('The chosen priority does not exist.');
    expect(helpdeskErrorText(refused(422, 'unknownPriority'), tr.t)).toBe(tr.t('errors.api.unknownPriority'));
    expect(helpdeskErrorText(refused(422, 'noSuchCodeAnywhere'), en.t)).toBe(en.t('error.generic'));
    expect(helpdeskErrorText(refused(0, 'networkError'), en.t)).toBe(en.t('error.network'));
  });

});
