import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/*
 * The migration journal (src/db/migrations/meta/_journal.json) is written by hand: several
 * engineers add migrations at once, and a journal committed from a stale copy once dropped two
 * entries, so their SQL never ran. drizzle's migrator applies exactly the journal's entries, and on
 * a database that already has migrations only those whose `when` is later than the last applied
 * one — so the journal must name every SQL file once, in order, with `when` rising.
 */
interface Entry {
  idx: number;
  when: number;
  tag: string;
}

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Entry[] };
/**
 * Entries whose `when` is not after the one before, kept as they are: databases already record
 * that `when` as the migration's created_at (readyz compares them), and since the migrator takes
 * the whole journal in one run on a new database, the old order did no harm there.
 */
const HISTORIC_OUT_OF_ORDER = new Set(['0018_contracts']);

const sqlFiles = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => name.replace(/\.sql$/, ''))
  .sort();

describe('the migration journal', () => {
  it('names every SQL file in the folder exactly once, and no file that is not there', () => {
    const tags = journal.entries.map((e) => e.tag);
    expect([...tags].sort()).toEqual(sqlFiles);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('lists them in the order of their numbers, each `idx` the number of its file and `when` rising', () => {
    const entries = journal.entries;
    for (const [i, entry] of entries.entries()) {
      expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0') + '_'), `${entry.tag} has idx ${entry.idx}`).toBe(true);
      if (i > 0) {
        expect(entry.idx, `${entry.tag} after ${entries[i - 1]!.tag}`).toBeGreaterThan(entries[i - 1]!.idx);
        if (!HISTORIC_OUT_OF_ORDER.has(entry.tag)) expect(entry.when, `${entry.tag}'s when after ${entries[i - 1]!.tag}'s`).toBeGreaterThan(entries[i - 1]!.when);
      }
    }
  });
});
