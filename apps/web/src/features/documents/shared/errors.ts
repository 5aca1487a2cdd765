import type { TFunction } from 'i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { refusalText } from '../../shared/record/refusal';

/**
 * The text of a refusal of /api/documents/* in the current language: the module's own sentence
 * for the code or the 403 rule (`documents.errors.<code|rule>`), else the shared one every server
 * code has (`errors.api.<code>`, with the error's details), else a generic one — through the
 * record kit's {@link refusalText}. `principalCannotOpenDocuments` names who and why.
 */
export function documentsErrorText(t: TFunction, error: unknown): string {
  if (isApiRequestError(error) && error.code === 'principalCannotOpenDocuments') {
    // Who, and why: their user type does not open document circulation (the server README's rule).
    const principals = ((error.details as { principals?: { name: string; userTypeName: string }[] } | undefined)?.principals ?? []).map((p) => `${p.name} (${p.userTypeName})`);
    return t('documents.errors.principalCannotOpenDocuments', { names: principals.join(', ') });
  }
  return refusalText(t, error, { codes: 'documents.errors', rules: 'documents.errors' });
}
