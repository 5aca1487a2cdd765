import { isApiRequestError } from '@servicedesk/api/errors';

/** The i18n key that explains a refused call (the server's code, `errors.api.*`; the engine's 403 rules under `approvals.refusals`). */
export function refusalKey(error: unknown): string {
  if (!isApiRequestError(error)) return 'error.generic';
  if (error.status === 0) return 'error.network';
  const rule = (error.details as { rule?: unknown } | undefined)?.rule;
  if (error.status === 403 && (rule === 'ownRecord' || rule === 'notApprover'))
    return `approvals.refusals.${rule}`;
  return `errors.api.${error.code}`;
}
