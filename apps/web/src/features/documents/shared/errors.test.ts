import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@servicedesk/api/errors';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { documentsErrorText } from './errors';

const refused = (status: number, code: string, details?: unknown) => new ApiRequestError(status, { code, message: `server English for ${code}`, ...(details === undefined ? {} : { details }) });

describe('documentsErrorText', () => {
  const resources = buildResources();
  const en = createI18n({ lng: 'en', resources });
  const az = createI18n({ lng: 'az', resources });

  it("keeps documents' own sentences for its codes and 403 rules", () => {
    expect(documentsErrorText(en.t, refused(409, 'folderNameTaken'))).toBe(en.t('documents.errors.folderNameTaken'));
    expect(documentsErrorText(en.t, refused(403, 'forbidden', { rule: 'folderPermission' }))).toBe('You lack permission on this folder');
    expect(documentsErrorText(en.t, refused(403, 'forbidden', { rule: 'somethingElse' }))).toBe('You may not do this');
  });

  it('says the shared errors.api sentence for the codes documents has no sentence of its own for (they showed "try again")', () => {
    expect(documentsErrorText(en.t, refused(404, 'fileNotFound'))).toBe('The file was not found.');
    expect(documentsErrorText(en.t, refused(422, 'unknownPrincipal'))).toBe('Some of the chosen users, user types or groups no longer exist.');
    expect(documentsErrorText(az.t, refused(404, 'fileNotFound'))).toBe(az.t('errors.api.fileNotFound'));
    expect(documentsErrorText(az.t, refused(404, 'fileNotFound'))).not.toBe(az.t('error.generic'));
  });

  it('names who cannot open documents, and never shows the server English for an unknown code', () => {
    expect(documentsErrorText(en.t, refused(422, 'principalCannotOpenDocuments', { principals: [{ name: 'Anar', userTypeName: 'Guest' }] }))).toContain('Anar (Guest)');
    expect(documentsErrorText(en.t, refused(500, 'noSuchCodeAnywhere'))).toBe(en.t('error.generic'));
  });
});
