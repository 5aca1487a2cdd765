import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAuditEntry } from '@servicedesk/contracts';
import type { TimelineEntry } from '@servicedesk/ui/Timeline';
import { displayPhone, languageLabel } from './user-display';
import { useUserOptions, type Option } from './use-user-options';
import * as s from './users.css';

/** Audit actions with a text of their own (admin.users.history.*). */
const knownActions = new Set(['create', 'update', 'deactivate', 'reactivate', 'resetPassword', 'signOutEverywhere', 'unlockSignIn']);
const actionKey: Record<string, string> = {
  create: 'created',
  update: 'updated',
  deactivate: 'deactivated',
  reactivate: 'reactivated',
  resetPassword: 'passwordReset',
  signOutEverywhere: 'signedOutEverywhere',
  unlockSignIn: 'signInUnlocked',
};

/** Form labels of the fields an update can change. */
const fieldLabel: Record<string, string> = {
  firstName: 'admin.users.form.firstName',
  lastName: 'admin.users.form.lastName',
  email: 'admin.users.form.email',
  phone: 'admin.users.form.phone',
  userTypeId: 'admin.users.form.userType',
  positionId: 'admin.users.form.position',
  locationId: 'admin.users.form.location',
  language: 'admin.users.form.language',
  imgPath: 'admin.users.avatar.label',
};

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === 'object' && value !== null && 'from' in value && 'to' in value;
}

/**
 * The audit entries as Timeline entries: who, what (translated), and for an update each field's
 * old → new value (ids shown by name where the pickers know them), for a deactivation the reason.
 */
export function useHistoryEntries(entries: AdminAuditEntry[] | undefined): TimelineEntry[] {
  const { t } = useTranslation();
  const options = useUserOptions();
  const byId = (list: Option[], id: unknown) => list.find((o) => o.id === id)?.name ?? String(id);
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('admin.users.form.notSet');
    if (field === 'userTypeId') return byId(options.userTypes, value);
    if (field === 'positionId') return byId(options.positions, value);
    if (field === 'locationId') return byId(options.locations, value);
    if (field === 'language') return languageLabel(String(value));
    if (field === 'phone') return displayPhone(String(value));
    return String(value);
  };
  return (entries ?? []).map((entry) => {
    const changes = Object.entries(entry.changes).filter(([field, value]) => field in fieldLabel && isChange(value));
    let comment: ReactNode;
    if (entry.action === 'deactivate' && typeof entry.changes.reason === 'string') comment = entry.changes.reason;
    else if (changes.length > 0) {
      comment = (
        <ul className={s.changes}>
          {changes.map(([field, value]) => {
            const change = value as { from: unknown; to: unknown };
            return (
              <li key={field}>
                <strong>{t(fieldLabel[field] ?? field)}:</strong> {show(field, change.from)} → {show(field, change.to)}
              </li>
            );
          })}
        </ul>
      );
    }
    return {
      id: entry.id,
      user: { name: entry.actorName ?? t('admin.users.history.system'), img: null },
      date: entry.createdAt,
      action: t(`admin.users.history.${knownActions.has(entry.action) ? actionKey[entry.action] : 'other'}`),
      comment,
    };
  });
}

