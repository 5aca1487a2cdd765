import type { TFunction } from 'i18next';
import type { HelpdeskPriorityCode, HelpdeskStatus } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { refusalText } from '../../shared/record/refusal';
import type { StatusFamily } from '@servicedesk/ui/StatusBadge';

/*
 * How the help desk shows its codes (issue #6): status and priority words come from the
 * `helpdesk` i18n area by code, colours from one family per status.
 */

/** The i18n key of a status word (`helpdesk.status.IN_PROGRESS` → "İcrada"). */
export const statusKey = (status: HelpdeskStatus) => `helpdesk.status.${status}`;

/** The i18n key of a priority word (`helpdesk.priority.high`). */
export const priorityKey = (priority: HelpdeskPriorityCode) => `helpdesk.priority.${priority}`;

/**
 * The colour family of a status: waiting for someone (NEW) info, approved success-ish info,
 * work going on warning, solved success, refused or withdrawn danger, finished neutral.
 */
export const statusFamilies: Record<HelpdeskStatus, StatusFamily> = {
  NEW: 'info',
  APPROVED: 'info',
  IN_PROGRESS: 'warning',
  ON_HOLD: 'warning',
  RESOLVED: 'success',
  CLOSED: 'neutral',
  REJECTED: 'danger',
  CANCELLED: 'danger',
};

/** The colour family of a priority (for its badge): critical danger, high warning, else neutral. */
export const priorityFamilies: Record<HelpdeskPriorityCode, StatusFamily> = {
  low: 'neutral',
  normal: 'neutral',
  high: 'warning',
  critical: 'danger',
};

/**
 * The translated text of a failed help-desk call, chosen by the error code (never the server's
 * English message): `helpdesk.errors.<code>` where the area has one, else the shared
 * `errors.api.<code>` every server code has (the record kit's {@link refusalText}), else the
 * generic text (network failures: the network text).
 */
export function helpdeskErrorText(error: unknown, t: TFunction): string {
  if (isApiRequestError(error) && error.code === 'networkError') return t('error.network');
  return refusalText(t, error, { codes: 'helpdesk.errors' });
}
