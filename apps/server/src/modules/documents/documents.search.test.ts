import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { documentListResponse, type DocumentListResponse } from '@servicedesk/contracts';
import { users } from '../../db/schema';
import { backends, createTestApp } from '../../../test/helpers';
import type { AuthUser } from '../../types';
import { documentsFixture, PEOPLE, type DocumentsFixture } from './documents.test-support';
import { choosePlan, searchCountCap, SEARCH_TUNING, type SearchPlan, type SearchTuning } from './documents.search';
import { listDocuments } from './documents.service';

describe('search plan: chosen by what the window saw', () => {
  // The figures of bench/documents: 200,000 documents, a window of the 1,000 newest, a page of 100, the cap 1,000.
  const plan = (termHits: number, hits: number, n = 1000, tableRows = 200_000) => choosePlan({ n, termHits, hits, tableRows }, 1000, 100, 1000).plan;

  it('walks the list order for a common word the caller may read, counts what the caller may read when they read a tenth, asks the GIN index for a rare word', () => {
    expect(plan(520, 520)).toBe('walk'); // the clerk, `muqavile` (52 % of the documents)
    expect(plan(520, 52)).toBe('readable'); // the IT lead reads a tenth of the folders
    expect(plan(520, 0)).toBe('readable'); // … or none of them: the count finds nothing, the page with it
    expect(plan(1, 1)).toBe('gin'); // `nadir`: 200 documents
    expect(plan(0, 0)).toBe('gin'); // a word nobody wrote
  });

  it('answers from the window when it read the whole scope, or holds the page and more than the cap', () => {
    expect(plan(300, 300, 300)).toBe('window');
    expect(choosePlan({ n: 5000, termHits: 2000, hits: 2000, tableRows: 200_000 }, 5000, 100, 1000).plan).toBe('window');
  });
});

describe.each(backends)('search (%s)', (backend) => {
  let f: DocumentsFixture;
  const titles = new Map<number, string>();
  let clerk: AuthUser;
  let lead: AuthUser;

  beforeAll(async () => {
    f = await documentsFixture(await createTestApp(backend));
    const user = async (email: string): Promise<AuthUser> => {
      const [row] = await f.t.app.deps.db.select({ id: users.id, email: users.email, userTypeId: users.userTypeId }).from(users).where(eq(users.email, email));
      return row!;
    };
    clerk = await user(PEOPLE.clerk);
    lead = await user(PEOPLE.lead);
    const open = await f.folder('clerk', 'Plan açıq');
    const closed = await f.folder('clerk', 'Plan bağlı');
    await f.call('clerk', 'PUT', `/documents/folders/${open}/permissions`, {
      inherit: true,
      entries: [
        { principalKind: 'group', principalId: await f.groupId('İT dəstəyi'), level: 'read' },
        { principalKind: 'user', principalId: await f.userId('clerk'), level: 'manage' },
      ],
    });
    // Oldest first: the rare word lies further back than any window of the tests.
    const plan: [number, string][] = [
      [open, 'Zirvəsöz nadirsöz açıq'],
      [closed, 'Zirvəsöz nadirsöz bağlı'],
      ...Array.from({ length: 5 }, (_, i): [number, string] => [closed, `Zirvəsöz bağlı ${i + 1}`]),
      ...Array.from({ length: 4 }, (_, i): [number, string] => [open, `Zirvəsöz açıq ${i + 1}`]),
      [closed, 'Başqa mövzu'],
      [open, 'Zirvəsöz açıq son'],
    ];
    for (const [folder, title] of plan) titles.set((await f.document('clerk', folder, title)).document.id, title);
    // Routed to the lead, in a folder he may not read: he reads it, and finds it.
    const routed = await f.document('clerk', closed, 'Zirvəsöz marşrut', { name: 'm.txt', bytes: 'Marşrut mətni' });
    titles.set(routed.document.id, 'Zirvəsöz marşrut');
    expect((await f.call('clerk', 'POST', `/documents/${routed.document.id}/route`, { steps: [{ purpose: 'visa', userIds: [lead.id] }] })).status).toBe(200);
    // In the bin: found by nobody.
    const binned = await f.document('clerk', open, 'Zirvəsöz zibil');
    expect((await f.call('clerk', 'DELETE', `/documents/${binned.document.id}`)).status).toBe(200);
    await f.t.app.deps.db.execute(sql`analyze documents`);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  type Page = { skip: number; take: number; sortDir?: 'asc' | 'desc'; sort?: 'updatedAt' | 'title' };
  const search = async (who: AuthUser, text: string, page: Page, tuning: SearchTuning): Promise<DocumentListResponse> =>
    documentListResponse.parse(JSON.parse(await listDocuments(f.t.app.deps, who, { scope: 'unfinished', search: text, ...page }, 'az', new Date(), tuning)));
  const shown = (page: DocumentListResponse) => page.rows.map((r) => titles.get(r.id) ?? `other ${r.title}`);

  it('finds only what the caller may read — their folders and what is routed to them — newest first, none in the bin', async () => {
    const all = { skip: 0, take: 100 };
    expect(shown(await search(lead, 'zirvesoz', all, { window: 1000 }))).toEqual([
      'Zirvəsöz marşrut',
      'Zirvəsöz açıq son',
      'Zirvəsöz açıq 4',
      'Zirvəsöz açıq 3',
      'Zirvəsöz açıq 2',
      'Zirvəsöz açıq 1',
      'Zirvəsöz nadirsöz açıq',
    ]);
    expect(shown(await search(clerk, 'nadirsoz', all, { window: 1000 }))).toEqual(['Zirvəsöz nadirsöz bağlı', 'Zirvəsöz nadirsöz açıq']);
    expect(shown(await search(lead, 'NADİRSÖZ', all, { window: 1000 }))).toEqual(['Zirvəsöz nadirsöz açıq']);
    expect((await search(clerk, 'zibil', all, { window: 1000 })).rows).toEqual([]);
    // By title (one statement, no plan): the same documents.
    const byTitle = shown(await search(lead, 'zirvesoz', { ...all, sort: 'title', sortDir: 'asc' }, { window: 1000 }));
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b, 'az')));
    expect([...byTitle].sort()).toEqual(shown(await search(lead, 'zirvesoz', all, { window: 1000 })).sort());
  });

  it('answers the same page and count by every plan — a common word, a rare one, two words with a prefix, none; any page; capped or not', async () => {
    const seen = new Set<SearchPlan>();
    const onPlan = (plan: SearchPlan) => seen.add(plan);
    for (const who of [clerk, lead]) {
      for (const text of ['zirvesoz', 'nadirsoz', 'zirvesoz bagli', 'yoxdur']) {
        const pages: Page[] = [{ skip: 0, take: 1 }, { skip: 2, take: 3 }, { skip: 0, take: 100 }, { skip: 1, take: 3, sortDir: 'asc' }];
        for (const page of pages) {
          // 3: a cap below the matches; undefined: the default, the page's end (searchCountCap).
          for (const cap of [3, undefined]) {
            const expected = await search(who, text, page, { window: 1000, cap, onPlan });
            for (const tuning of [
              { window: 1, cap }, // the cheapest plan
              { window: 3, cap },
              { window: 1, cap, plan: 'walk', walkRows: 1000 },
              { window: 1, cap, plan: 'walk', walkRows: 1 }, // too short a walk: gin answers
              { window: 1, cap, plan: 'readable', walkRows: 1000 },
              { window: 1, cap, plan: 'readable', walkRows: 1 },
              { window: 1, cap, plan: 'gin' },
            ] satisfies SearchTuning[]) {
              const got = await search(who, text, page, { ...tuning, onPlan });
              expect({ text, page, tuning, rows: shown(got), total: got.total, totalCapped: got.totalCapped }).toEqual({
                text,
                page,
                tuning,
                rows: shown(expected),
                total: expected.total,
                totalCapped: expected.totalCapped,
              });
            }
          }
        }
      }
    }
    expect([...seen].sort()).toEqual(['gin', 'readable', 'readable+walk', 'walk', 'window']);
    // Every plan × window × cap over the seeded documents: dozens of searches, each a query plan
    // of its own on PGlite (tens of seconds on a busy machine).
  }, 120_000);

  it('counts the matches as far as the page: exact when they end within it, else the page’s end and “capped” — the next page says more', async () => {
    expect(searchCountCap(0, 100)).toBe(100);
    expect(searchCountCap(200, 100)).toBe(300);
    // The clerk finds 13 Zirvəsöz documents (not the one in the bin), the lead 7.
    const total = async (who: AuthUser, skip: number, take: number) => {
      const page = await search(who, 'zirvesoz', { skip, take }, SEARCH_TUNING);
      return { rows: page.rows.length, total: page.total, totalCapped: page.totalCapped };
    };
    expect(await total(clerk, 0, 100)).toEqual({ rows: 13, total: 13, totalCapped: false });
    expect(await total(clerk, 0, 13)).toEqual({ rows: 13, total: 13, totalCapped: false });
    expect(await total(clerk, 0, 5)).toEqual({ rows: 5, total: 5, totalCapped: true });
    expect(await total(clerk, 5, 5)).toEqual({ rows: 5, total: 10, totalCapped: true });
    expect(await total(clerk, 10, 5)).toEqual({ rows: 3, total: 13, totalCapped: false });
    expect(await total(lead, 0, 5)).toEqual({ rows: 5, total: 5, totalCapped: true });
    expect(await total(lead, 5, 5)).toEqual({ rows: 2, total: 7, totalCapped: false });
    // The same by every plan, and when the window holds the page or not.
    for (const tuning of [{ window: 1 }, { window: 3 }, { window: 1, plan: 'walk' }, { window: 1, plan: 'readable' }, { window: 1, plan: 'gin' }] satisfies SearchTuning[]) {
      const page = await search(lead, 'zirvesoz', { skip: 0, take: 5 }, tuning);
      expect({ tuning, total: page.total, totalCapped: page.totalCapped }).toEqual({ tuning, total: 5, totalCapped: true });
    }
  });

  it('marks the words in a snippet cut from around the first of them, however far into the text, from a word’s start', async () => {
    const folder = await f.folder('clerk', 'Uzun mətnlər');
    const filler = Array.from({ length: 400 }, (_, i) => `söz${i}`).join(' ');
    const doc = await f.document('clerk', folder, 'Uzun sənəd', { name: 'u.txt', bytes: `${filler} Ödəniş fakturası gəldi ${filler}` });
    for (const tuning of [{ window: 1000 }, { window: 1, plan: 'gin' }] satisfies SearchTuning[]) {
      const page = await search(clerk, 'odenis faktura', { skip: 0, take: 10 }, tuning);
      const parts = page.rows.find((r) => r.id === doc.document.id)!.snippet!;
      const snippet = parts.map((p) => (p.mark ? `«${p.text}»` : p.text)).join('');
      // The ORIGINAL text is shown (issue #41: it showed the folded one), its words found marked.
      expect(snippet).toContain('«Ödəniş» «fakturası» gəldi');
      expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['Ödəniş', 'fakturası']);
      // Whole words only (the cut starts at a word), and short: a fragment, not the text.
      const words = `${filler} Ödəniş fakturası gəldi`.split(' ');
      for (const word of snippet.replace(/[«»]/g, '').split(' ')) expect(words).toContain(word);
      expect(snippet.length).toBeLessThan(200);
    }
  });
});
