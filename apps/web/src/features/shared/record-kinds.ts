import type { TFunction } from 'i18next';
import { isRecordKind } from '@servicedesk/contracts/plain/records';

/**
 * The record-kind registry's labels: every kind declared in `RECORD_KINDS`
 * (`@servicedesk/contracts` plain/records) has its name under `recordKinds.<kind>` in the four
 * locales' common.json (a test fails when one is missing). Use this wherever a kind is shown
 * (my approvals, notifications, the dashboard, search) instead of area-local keys.
 */
export function recordKindLabel(t: TFunction, kind: string): string {
  // An undeclared kind (an older server, a mock) shows as itself rather than as a missing key.
  return isRecordKind(kind) ? t(`recordKinds.${kind}`) : kind;
}

/** "Equipment request #12": a record named by its kind's label and its id, when it has no number of its own. */
export function recordKindAndId(t: TFunction, kind: string, id: number): string {
  return `${recordKindLabel(t, kind)} #${id}`;
}
