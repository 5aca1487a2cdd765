import {
  CONTRACT_STATUSES,
  type ContractListQuery,
  type ContractStatus,
} from '@servicedesk/contracts';
import { filtersKey } from '../../shared/filter-memory';
import { tableKeys } from '../../shared/data-table';

/** The contracts list's key in the table memory (SPEC §2 named list screens) and of its filters. */
export const CONTRACTS_TABLE_KEY = tableKeys.contracts;
export const CONTRACTS_FILTERS_KEY = filtersKey(CONTRACTS_TABLE_KEY);

/** The filter bar's state (remembered per browser under `contracts.filters`). */
export interface ContractListFilters {
  status: ContractStatus | 'any';
  counterpartyId: number | null;
  endingWithinDays: number | null;
  amountMin: string;
  amountMax: string;
  mine: boolean;
}

export const defaultListFilters: ContractListFilters = {
  status: 'any',
  counterpartyId: null,
  endingWithinDays: null,
  amountMin: '',
  amountMax: '',
  mine: false,
};

const positiveInt = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;

/** Saved filters → valid ones (anything unknown falls back to the default). */
export function parseListFilters(saved: Record<string, unknown>): ContractListFilters {
  return {
    status: (CONTRACT_STATUSES as readonly string[]).includes(String(saved.status))
      ? (saved.status as ContractStatus)
      : 'any',
    counterpartyId: positiveInt(saved.counterpartyId),
    endingWithinDays: positiveInt(saved.endingWithinDays),
    amountMin: typeof saved.amountMin === 'string' ? saved.amountMin : '',
    amountMax: typeof saved.amountMax === 'string' ? saved.amountMax : '',
    mine: saved.mine === true,
  };
}

/** Whether any filter differs from the default. */
export const hasFilters = (f: ContractListFilters): boolean =>
  JSON.stringify(f) !== JSON.stringify(defaultListFilters);

/** The grid query of the filters, the table's search and sort; amounts typed in major units. */
export function toGridQuery(
  f: ContractListFilters,
  table: { search: string; sorting: { id: string; desc: boolean }[] },
  toMinor: (text: string) => number | null,
): Omit<ContractListQuery, 'skip'> {
  const sort = table.sorting[0];
  const sortable = [
    'number',
    'createdAt',
    'endDate',
    'startDate',
    'amountMinor',
    'status',
    'subject',
  ];
  const min = f.amountMin ? toMinor(f.amountMin) : null;
  const max = f.amountMax ? toMinor(f.amountMax) : null;
  return {
    ...(f.status !== 'any' ? { status: [f.status] } : {}),
    ...(f.counterpartyId !== null ? { counterpartyId: f.counterpartyId } : {}),
    ...(f.endingWithinDays !== null ? { endingWithinDays: f.endingWithinDays } : {}),
    ...(min !== null ? { amountMin: min } : {}),
    ...(max !== null ? { amountMax: max } : {}),
    ...(f.mine ? { mine: true } : {}),
    ...(table.search.trim() ? { search: table.search.trim() } : {}),
    ...(sort && sortable.includes(sort.id)
      ? { sort: sort.id as ContractListQuery['sort'], sortDir: sort.desc ? 'desc' : 'asc' }
      : {}),
  };
}
