/*
 * Sample rows and English texts for the DataTable's stories, tests and benchmark. The web app
 * passes its own translated texts; these exist so the component can be shown in isolation.
 */
import type { DataTableColumn, DataTableTexts, StatusVariant } from './types';

/** English texts (the app passes translated ones from @servicedesk/i18n). */
export const englishTexts: DataTableTexts = {
  search: 'Search',
  filterColumn: (c) => `Filter ${c}`,
  groupBy: 'Group by',
  noGrouping: 'No grouping',
  columns: 'Columns',
  moveColumnUp: (c) => `Move ${c} left`,
  moveColumnDown: (c) => `Move ${c} right`,
  exportCsv: 'Export CSV',
  exportXlsx: 'Export Excel',
  loading: 'Loading…',
  empty: 'No data yet',
  noResults: 'No rows match the filters',
  loadMore: 'Load more',
  showMore: (n) => `+${n} more`,
  copy: 'Copy',
  selectAll: 'Select all rows',
  selectRow: 'Select row',
  rowCount: (shown, total) => `${shown} of ${total} rows`,
  yes: 'Yes',
  no: 'No',
};

/** A help-desk request as the list shows it. */
export interface SampleRequest {
  id: number;
  title: string;
  city: string | null;
  requester: { name: string; imgPath: string | null };
  status: 'new' | 'inProgress' | 'done' | 'rejected';
  amount: number;
  count: number;
  createdAt: string;
  dueDate: string | null;
  urgent: boolean;
  tags: string[];
}

const cities = [
  'Bakı',
  'Şəki',
  'Gəncə',
  'Sumqayıt',
  'Lənkəran',
  'İsmayıllı',
  'Quba',
  'Şamaxı',
  null,
];
const names = [
  'Aysel Məmmədova',
  'Rəşad Əliyev',
  'Günel Hüseynova',
  'Elçin Quliyev',
  'Nərmin Həsənova',
  'Orxan İsmayılov',
  'Səbinə Cəfərova',
  'Tural Bağırov',
];
const titles = [
  'Printer işləmir',
  'Yeni noutbuk sifarişi',
  'VPN bağlantısı kəsilir',
  'Ofis kreslosu sınıb',
  'E-poçt qutusu doludur',
  'Monitor titrəyir',
  'Proqram lisenziyası',
  'Şəbəkə yavaşdır',
];
const statuses: SampleRequest['status'][] = ['new', 'inProgress', 'done', 'rejected'];
const tagPool = ['IT', 'Təcili', 'Avadanlıq', 'Şəbəkə', 'Lisenziya', 'Ofis', 'Maliyyə'];

/** `n` deterministic requests (the same n gives the same rows); every ninth city is blank. */
export function makeRequests(n: number): SampleRequest[] {
  const rows: SampleRequest[] = [];
  let seed = 42;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const tagCount = Math.floor(rand() * 6);
    rows.push({
      id: i + 1,
      title: `${titles[i % titles.length]} #${i + 1}`,
      city: cities[i % cities.length] ?? null,
      requester: {
        name: names[Math.floor(rand() * names.length)] ?? 'Aysel Məmmədova',
        imgPath: null,
      },
      status: statuses[Math.floor(rand() * statuses.length)] ?? 'new',
      amount: Math.round(rand() * 500000) / 100,
      count: Math.floor(rand() * 1000),
      createdAt: new Date(
        base + Math.floor(rand() * 300) * 86400000 + Math.floor(rand() * 86400) * 1000,
      ).toISOString(),
      dueDate:
        i % 5 === 0
          ? null
          : new Date(base + Math.floor(rand() * 330) * 86400000).toISOString().slice(0, 10),
      urgent: rand() < 0.2,
      tags: tagPool.filter((_, k) => k < tagCount),
    });
  }
  return rows;
}

const statusVariants: Record<string, StatusVariant> = {
  new: 'info',
  inProgress: 'warning',
  done: 'success',
  rejected: 'danger',
};

/** English status names, standing in for the app's `t` in stories (translate columns). */
export const sampleT = (key: string): string =>
  ({
    'status.new': 'New',
    'status.inProgress': 'In progress',
    'status.done': 'Done',
    'status.rejected': 'Rejected',
    'columns.status': 'Status',
  })[key] ?? key;

/** One column of every type over SampleRequest. */
export const sampleColumns: DataTableColumn<SampleRequest>[] = [
  { columnName: 'id', header: 'No.', type: 'number', minWidth: 90, isGroupable: false },
  {
    columnName: 'title',
    header: 'Title',
    placeholder: 'e.g. printer',
    copyToClipboard: true,
    minWidth: 240,
  },
  { columnName: 'city', header: 'City', placeholder: 'e.g. Şəki', minWidth: 150 },
  { columnName: 'requester', header: 'Requester', type: 'user', minWidth: 230 },
  {
    columnName: 'status',
    translationKey: 'columns.status',
    type: 'status',
    translate: true,
    accessor: (r) => `status.${r.status}`,
    statusVariant: (v) => statusVariants[String(v).replace('status.', '')] ?? 'neutral',
    minWidth: 150,
  },
  { columnName: 'amount', header: 'Amount', type: 'money', minWidth: 140, isGroupable: false },
  {
    columnName: 'count',
    header: 'Items',
    type: 'number',
    minWidth: 110,
    isGroupable: false,
    hidden: true,
  },
  {
    columnName: 'createdAt',
    header: 'Created',
    type: 'dateTime',
    minWidth: 170,
    isGroupable: false,
    noWrap: true,
  },
  { columnName: 'dueDate', header: 'Due', type: 'date', minWidth: 130, isGroupable: false },
  { columnName: 'urgent', header: 'Urgent', type: 'boolean', minWidth: 110 },
  {
    columnName: 'tags',
    header: 'Tags',
    groupedElements: true,
    loadMoreLimit: 2,
    minWidth: 260,
    isGroupable: false,
  },
];
