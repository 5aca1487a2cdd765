import type { TFunction } from 'i18next';
import { isApiRequestError } from '@servicedesk/api/errors';

const KNOWN = new Set(['folderNameTaken', 'folderCycle', 'documentHasNoFile', 'noTextToCompare', 'noApprover', 'invalidTransition', 'commentTooShort', 'commentRequired', 'selfRouting', 'noPreview']);

/** The text of a refusal of /api/documents/* in the current language: the code's or the 403 rule's own text, else a generic one. */
export function documentsErrorText(t: TFunction, error: unknown): string {
  if (!isApiRequestError(error)) return t('documents.errors.generic');
  if (error.status === 0) return t('error.network', { defaultValue: t('documents.errors.generic') });
  const rule = (error.details as { rule?: unknown } | undefined)?.rule;
  if (error.status === 403) return rule === 'folderPermission' || rule === 'ownManage' || rule === 'userTypeLacks' ? t(`documents.errors.${rule}`) : t('documents.errors.forbidden');
  if (error.code === 'principalCannotOpenDocuments') {
    // Who, and why: their user type does not open document circulation (the server README's rule).
    const principals = ((error.details as { principals?: { name: string; userTypeName: string }[] } | undefined)?.principals ?? []).map((p) => `${p.name} (${p.userTypeName})`);
    return t('documents.errors.principalCannotOpenDocuments', { names: principals.join(', ') });
  }
  return KNOWN.has(error.code) ? t(`documents.errors.${error.code}`) : t('documents.errors.generic');
}
