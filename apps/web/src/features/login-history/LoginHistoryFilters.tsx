import { useTranslation } from 'react-i18next';
import type { LoginFailureReason } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import * as p from '../shared/page.css';
import * as s from './login-history.css';
import { REASONS, type Filter } from './login-history-export';

/** The filters sent to the server: result, user (admins), reason, part of the address, a range of days (YYYY-MM-DD). */
export interface LoginHistoryFilterState {
  filter: Filter;
  userId: number | null;
  reason: LoginFailureReason | null;
  ip: string;
  from: string;
  to: string;
}

/**
 * The card of filters and the CSV / XLSX exports of the login-history page: `value` as shown,
 * `onChange` with the whole changed state; the user choice only for an admin (`users` its options);
 * the exports disabled while `canExport` is false.
 */
export function LoginHistoryFilters({
  value,
  onChange,
  isAdmin,
  users,
  canExport,
  onExport,
}: {
  value: LoginHistoryFilterState;
  onChange: (next: LoginHistoryFilterState) => void;
  isAdmin: boolean;
  users: readonly { id: number; name: string }[];
  canExport: boolean;
  onExport: (kind: 'csv' | 'xlsx') => void;
}) {
  const { t } = useTranslation();
  const { filter, userId, reason, ip, from, to } = value;
  const set = (part: Partial<LoginHistoryFilterState>) => onChange({ ...value, ...part });
  return (
    <section className={p.card}>
      <div className={s.filters}>
        <fieldset className={s.filter}>
          <legend className={s.legend}>{t('account.loginHistory.filter')}</legend>
          <div className={s.segment}>
            {(['all', 'success', 'failed'] as const).map((option) => (
              <label key={option} className={s.option}>
                <input
                  className={s.radio}
                  type="radio"
                  name="login-history-filter"
                  value={option}
                  checked={filter === option}
                  onChange={() => set({ filter: option })}
                />
                {t(`account.loginHistory.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {isAdmin && (
          <label className={s.field}>
            {t('account.loginHistory.user')}
            <select
              className={s.input}
              value={userId ?? ''}
              onChange={(e) => set({ userId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('account.loginHistory.everyone')}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={s.field}>
          {t('account.loginHistory.reasonColumn')}
          <select
            className={s.input}
            value={reason ?? ''}
            onChange={(e) => set({ reason: (e.target.value || null) as LoginFailureReason | null })}
          >
            <option value="">{t('account.loginHistory.anyReason')}</option>
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`account.loginHistory.reason.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={s.field}>
          {t('account.loginHistory.ip')}
          <input
            className={s.input}
            type="search"
            value={ip}
            onChange={(e) => set({ ip: e.target.value })}
          />
        </label>
        <label className={s.field}>
          {t('account.loginHistory.from')}
          <input
            className={s.input}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label className={s.field}>
          {t('account.loginHistory.to')}
          <input
            className={s.input}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <div className={s.exports}>
          <Button variant="secondary" isDisabled={!canExport} onPress={() => onExport('csv')}>
            {t('account.loginHistory.exportCsv')}
          </Button>
          <Button variant="secondary" isDisabled={!canExport} onPress={() => onExport('xlsx')}>
            {t('account.loginHistory.exportXlsx')}
          </Button>
        </div>
      </div>
    </section>
  );
}
