/*
 * DataTable row-model benchmark: the exact model code the component runs (column definitions,
 * cached texts, tanstack filtered/sorted/grouped/expanded row models) on 100,000 rows, without
 * React or a browser. Each figure is the time of `table.getRowModel()` after one state change,
 * i.e. what a filter keystroke or a header press costs before React renders the ~20 visible rows.
 */
import { createTable, type TableOptionsResolved } from '@tanstack/react-table';
import { normalizeForSearch } from '../../packages/i18n/src/normalize';
import {
  makeRequests,
  sampleColumns,
  type SampleRequest,
} from '../../packages/ui/src/DataTable/fixtures';
import {
  TableIndex,
  buildColumnDefs,
  resolveColumn,
  createRowModels,
  toTanstackState,
  type FormatContext,
} from '../../packages/ui/src/DataTable/model';
import { emptyTableState, type DataTableState } from '../../packages/ui/src/DataTable/types';

const ROWS = Number(process.env.ROWS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 15);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? NaN, runs: s.length };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** CPU time of this process (user + system) in ms: on a shared, busy machine wall time also counts waiting for a core. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const data = makeRequests(ROWS);
const columns = sampleColumns.map((c) => resolveColumn(c));
const visibleIds = columns.filter((c) => !c.hidden).map((c) => c.columnName);
const ctx: FormatContext = {
  locale: 'az',
  blankLabel: 'Boş',
  yes: 'Bəli',
  no: 'Xeyr',
  normalize: normalizeForSearch,
};

const t0 = cpuNow();
const index = new TableIndex(data, columns, ctx);
for (const id of visibleIds) index.column(id);
const cacheMs = cpuNow() - t0;
const t1 = cpuNow();
index.rowText(visibleIds);
const rowTextMs = cpuNow() - t1;

let state: DataTableState = emptyTableState;
const table = createTable<SampleRequest>({
  data,
  columns: buildColumnDefs(columns, () => index),
  getRowId: (r: SampleRequest) => String(r.id),
  state: toTanstackState(state),
  onStateChange: () => {},
  renderFallbackValue: null,
  ...createRowModels<SampleRequest>(),
  meta: { index, searchColumns: visibleIds },
  autoResetExpanded: false,
  groupedColumnMode: false,
} as unknown as TableOptionsResolved<SampleRequest>);

const wallSamples = new Map<number[], number[]>();

function apply(next: DataTableState, into: number[]): void {
  state = next;
  table.setOptions((prev) => ({ ...prev, state: { ...prev.state, ...toTanstackState(state) } }));
  const wall0 = performance.now();
  const cpu0 = cpuNow();
  const rows = table.getRowModel().rows.length;
  into.push(cpuNow() - cpu0);
  const wall = wallSamples.get(into) ?? [];
  wall.push(performance.now() - wall0);
  wallSamples.set(into, wall);
  if (rows < 0) throw new Error('unreachable');
}

const t2 = cpuNow();
const initialRows = table.getRowModel().rows.length;
const coreMs = cpuNow() - t2;

const filterTexts = ['seki', 'baki', 'gen', 'quba', 'sam', 'ism', 'lən', 'sum'];
const filterSamples: number[] = [];
for (let i = 0; i < RUNS; i++) {
  apply(
    { ...emptyTableState, filters: { city: filterTexts[i % filterTexts.length] as string } },
    filterSamples,
  );
}
const typingSamples: number[] = [];
for (let i = 0; i < RUNS; i++) {
  // A user typing into the title filter: "p", "pr", "pri", … then clearing.
  const word = 'printer';
  apply(
    { ...emptyTableState, filters: { title: word.slice(0, (i % word.length) + 1) } },
    typingSamples,
  );
}
const searchSamples: number[] = [];
const searchTexts = ['aysel', 'vpn', 'şəki', 'tural', 'monitor', 'isma'];
for (let i = 0; i < RUNS; i++) {
  apply(
    { ...emptyTableState, search: searchTexts[i % searchTexts.length] as string },
    searchSamples,
  );
}
const sortable = columns
  .filter((c) => !c.hidden && c.isSortable !== false)
  .map((c) => c.columnName);
const t3 = cpuNow();
for (const id of sortable) index.order(id);
const orderMs = (cpuNow() - t3) / sortable.length;
const sortSamples: number[] = [];
const sorts = [
  { id: 'amount', desc: false },
  { id: 'title', desc: false },
  { id: 'createdAt', desc: true },
  { id: 'city', desc: false },
  { id: 'amount', desc: true },
];
for (let i = 0; i < RUNS; i++) {
  apply(
    { ...emptyTableState, sorting: [sorts[i % sorts.length] as (typeof sorts)[number]] },
    sortSamples,
  );
}
const groupSamples: number[] = [];
for (let i = 0; i < Math.min(RUNS, 10); i++) {
  apply({ ...emptyTableState, groupBy: i % 2 === 0 ? 'city' : 'status' }, groupSamples);
}
const filterSortedSamples: number[] = [];
for (let i = 0; i < RUNS; i++) {
  apply(
    {
      ...emptyTableState,
      sorting: [{ id: 'amount', desc: false }],
      filters: { city: filterTexts[i % filterTexts.length] as string },
    },
    filterSortedSamples,
  );
}

const results = {
  rows: ROWS,
  initialRows,
  node: process.version,
  oneTime: {
    'text cache, all visible columns (first use)': cacheMs,
    'search text (first search)': rowTextMs,
    'core row model (first render)': coreMs,
    'sort order of one column (first sort; built when idle)': orderMs,
  },
  perChange: Object.fromEntries(
    (
      [
        ['filter change (city column)', filterSamples],
        ['typing in a filter (title, 1–7 letters)', typingSamples],
        ['search box change (all visible columns)', searchSamples],
        ['sort change (number, text, date)', sortSamples],
        ['filter change while sorted', filterSortedSamples],
        ['group by change (city / status)', groupSamples],
      ] as const
    ).map(([name, cpu]) => [name, { cpu: stats(cpu), wall: stats(wallSamples.get(cpu) ?? []) }]),
  ),
};

console.log(
  `DataTable row model, ${ROWS.toLocaleString('en')} rows, ${RUNS} runs each, Node ${process.version}`,
);
console.log('  (cpu = CPU time of the computation; wall = elapsed, includes waiting for a core)');
for (const [name, v] of Object.entries(results.oneTime))
  console.log(`  once  ${name.padEnd(56)} cpu ${ms(v)}`);
for (const [name, { cpu, wall }] of Object.entries(results.perChange))
  console.log(
    `  each  ${name.padEnd(56)} cpu median ${ms(cpu.median)} p95 ${ms(cpu.p95)} | wall median ${ms(wall.median)} p95 ${ms(wall.p95)}`,
  );
if (process.env.JSON) console.log(JSON.stringify(results));
