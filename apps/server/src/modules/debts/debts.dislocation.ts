import { and, eq, inArray, sql } from 'drizzle-orm';
import { isValidWagonNumber, type WagonState } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { wagonSightings, wagons } from '../../db/schema';
import { foldHeader, mapColumns, parseDateTime } from './debts.csv';
import { requireColumns, type ImportSpec, type PreparedItem, type Refused } from './debts.import';

/*
 * Dislocation snapshots (issue #17; SPEC §7 "dislocation (wagons status)"): the railway's CSV of
 * where each wagon was seen. Columns by header (ru / az / en):
 *
 * | field | headers | rule |
 * |---|---|---|
 * | wagon | Вагон, НомерВагона, Vaqon, Wagon | 8 digits with the check digit (contracts isValidWagonNumber) → `badWagonNumber` |
 * | station | Станция, Stansiya, Station | required |
 * | state | Состояние, Vəziyyət, State | гружен/yüklü/loaded, порожний/boş/empty, в ремонте/təmirdə/in repair, прибыл/təyinatda/at destination → `unknownState` |
 * | date | Дата, Tarix, Date | dd.mm.yyyy[ HH:MM] Baku time → `badDate` |
 *
 * Identity: wagon + time + station; the same with another state is a change.
 */

const f = (...names: string[]) => names.map(foldHeader);
const ALIASES = {
  wagon: f('Вагон', 'НомерВагона', 'Номер вагона', 'Vaqon', 'Vaqon nömrəsi', 'Wagon', 'Wagon number'),
  station: f('Станция', 'Stansiya', 'Station'),
  state: f('Состояние', 'Vəziyyət', 'Status', 'State'),
  date: f('Дата', 'ДатаВремя', 'Tarix', 'Date', 'Seen at'),
} as const;
type Field = keyof typeof ALIASES;

const STATES: Record<WagonState, string[]> = {
  loaded: f('гружен', 'груженый', 'гружёный', 'yüklü', 'dolu', 'loaded'),
  empty: f('порожний', 'порожн', 'пустой', 'boş', 'empty'),
  inRepair: f('в ремонте', 'ремонт', 'təmirdə', 'təmir', 'in repair', 'repair'),
  atDestination: f('прибыл', 'на станции назначения', 'təyinatda', 'çatıb', 'at destination', 'arrived'),
};
const stateOf = (cell: string): WagonState | undefined => (Object.keys(STATES) as WagonState[]).find((s) => STATES[s].includes(foldHeader(cell)));

export interface SightingItem {
  wagonNumber: string;
  station: string;
  state: WagonState;
  seenAt: Date;
}
type Stored = { id: number; state: WagonState };

const keyOf = (i: Pick<SightingItem, 'wagonNumber' | 'seenAt' | 'station'>) => `${i.wagonNumber}|${i.seenAt.toISOString()}|${i.station}`;

/** The dislocation import's spec for the pipeline (debts.import.ts). */
export function dislocationImport(): ImportSpec<SightingItem, Stored> {
  let col: Partial<Record<Field, number>> = {};
  const touched = new Set<string>();
  return {
    kind: 'dislocation',
    header(cells) {
      col = mapColumns(cells, ALIASES);
      requireColumns(col, ['wagon', 'station', 'state', 'date']);
    },
    summary(cells) {
      const cell = (field: Field) => (cells[col[field]!] ?? '').trim();
      return [cell('wagon'), cell('station'), cell('state'), cell('date')].filter(Boolean).join(' · ').slice(0, 200);
    },
    prepare(cells): PreparedItem<SightingItem> | Refused {
      const cell = (field: Field) => (cells[col[field]!] ?? '').trim();
      const refuse = (reason: Refused['refuse'], field?: Field): Refused => ({ refuse: reason, field });
      for (const field of ['wagon', 'station', 'state', 'date'] as const) if (cell(field) === '') return refuse('missingField', field);
      const wagonNumber = cell('wagon').replace(/\s+/g, '');
      if (!isValidWagonNumber(wagonNumber)) return refuse('badWagonNumber', 'wagon');
      const seenAt = parseDateTime(cell('date'));
      if (!seenAt) return refuse('badDate', 'date');
      const state = stateOf(cell('state'));
      if (!state) return refuse('unknownState', 'state');
      const item = { wagonNumber, station: cell('station').slice(0, 200), state, seenAt };
      return { key: keyOf(item), item };
    },
    async existing(tx, keys) {
      const numbers = [...new Set(keys.map((k) => k.split('|')[0]!))];
      const rows = await tx
        .select({ id: wagonSightings.id, wagonNumber: wagonSightings.wagonNumber, seenAt: wagonSightings.seenAt, station: wagonSightings.station, state: wagonSightings.state })
        .from(wagonSightings)
        .where(inArray(wagonSightings.wagonNumber, numbers));
      const wanted = new Set(keys);
      return new Map(rows.map((r) => [keyOf(r), { id: r.id, state: r.state }] as const).filter(([key]) => wanted.has(key)));
    },
    same: (item, stored) => item.state === stored.state,
    async apply(tx, importId, create, change) {
      for (const { item } of [...create, ...change]) touched.add(item.wagonNumber);
      if (create.length > 0) {
        await tx.insert(wagonSightings).values(create.map(({ item, line }) => ({ ...item, importId, sourceLine: line })));
      }
      for (const { item, line, existing } of change) {
        await tx.update(wagonSightings).set({ state: item.state, importId, sourceLine: line }).where(eq(wagonSightings.id, existing.id));
      }
    },
    async finish(tx) {
      await refreshWagons(tx, [...touched]);
    },
  };
}

/** Writes the latest sighting and the count of each of `numbers` into `wagons`. */
export async function refreshWagons(tx: Db, numbers: readonly string[]): Promise<void> {
  for (let i = 0; i < numbers.length; i += 1000) {
    const slice = numbers.slice(i, i + 1000);
    await tx.execute(sql`
      insert into ${wagons} (number, station, state, seen_at, sightings)
      select distinct on (s.wagon_number) s.wagon_number, s.station, s.state, s.seen_at,
        count(*) over (partition by s.wagon_number)
      from ${wagonSightings} s
      where s.wagon_number in (${sql.join(slice.map((n) => sql`${n}`), sql`, `)})
      order by s.wagon_number, s.seen_at desc, s.id desc
      on conflict (number) do update set station = excluded.station, state = excluded.state, seen_at = excluded.seen_at, sightings = excluded.sightings`);
  }
}

/** The timeline of wagon `number`, newest first. */
export async function sightingsOf(db: Db, number: string) {
  return db
    .select()
    .from(wagonSightings)
    .where(and(eq(wagonSightings.wagonNumber, number)))
    .orderBy(sql`${wagonSightings.seenAt} desc, ${wagonSightings.id} desc`);
}
