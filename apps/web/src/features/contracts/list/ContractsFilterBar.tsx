import { useTranslation } from 'react-i18next';
import { CONTRACT_STATUSES, type ContractReference } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { contractStatusKey } from '../shared/contracts-display';
import { defaultListFilters, hasFilters, type ContractListFilters } from './list-filters';
import * as s from '../shared/contracts.css';

const ANY = 'any';

/**
 * The contracts list's filter bar (issue #14): status, counterparty, ending within N days, the
 * amount range (major units as typed; list-filters sends minor units), "only mine", and Clear
 * while any is set. The filters live in the list's filter memory (`setFilters` merges a change).
 */
export function ContractsFilterBar({
  filters,
  setFilters,
  reference,
}: {
  filters: ContractListFilters;
  setFilters: (change: Partial<ContractListFilters>) => void;
  reference: ContractReference | undefined;
}) {
  const { t } = useTranslation();
  const statusItems = [
    { id: ANY, label: t('contracts.list.anyStatus') },
    ...CONTRACT_STATUSES.map((st) => ({ id: st, label: t(contractStatusKey(st)) })),
  ];
  const counterpartyItems = [
    { id: ANY, label: t('contracts.list.anyCounterparty') },
    ...(reference?.counterparties ?? []).map((c) => ({
      id: String(c.id),
      label: c.tin ? `${c.name} (${c.tin})` : c.name,
    })),
  ];

  return (
    <div className={s.filters} role="group" aria-label={t('contracts.list.title')}>
      <Select
        label={t('contracts.fields.status')}
        items={statusItems}
        selectedKey={filters.status}
        onSelectionChange={(key) =>
          setFilters({ status: String(key ?? ANY) as ContractListFilters['status'] })
        }
      />
      <Select
        label={t('contracts.fields.counterparty')}
        items={counterpartyItems}
        selectedKey={filters.counterpartyId === null ? ANY : String(filters.counterpartyId)}
        onSelectionChange={(key) =>
          setFilters({ counterpartyId: key === null || key === ANY ? null : Number(key) })
        }
      />
      <TextField
        label={t('contracts.list.endingWithin')}
        inputMode="numeric"
        value={filters.endingWithinDays === null ? '' : String(filters.endingWithinDays)}
        onChange={(v) => {
          const days = v.trim() === '' ? null : Number(v);
          setFilters({
            endingWithinDays: days !== null && Number.isInteger(days) && days >= 0 ? days : null,
          });
        }}
      />
      <TextField
        label={t('contracts.list.amountMin')}
        inputMode="decimal"
        value={filters.amountMin}
        onChange={(v) => setFilters({ amountMin: v })}
      />
      <TextField
        label={t('contracts.list.amountMax')}
        inputMode="decimal"
        value={filters.amountMax}
        onChange={(v) => setFilters({ amountMax: v })}
      />
      <label className={s.check}>
        <input
          className={s.checkbox}
          type="checkbox"
          checked={filters.mine}
          onChange={(e) => setFilters({ mine: e.target.checked })}
        />
        {t('contracts.list.mine')}
      </label>
      {hasFilters(filters) ? (
        <Button size="sm" variant="ghost" onPress={() => setFilters(defaultListFilters)}>
          {t('contracts.list.clear')}
        </Button>
      ) : null}
    </div>
  );
}
