import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { files } from '../../db/schema';
import { attachmentsOf } from '../../lib/records/attachments';
import { commentsOf } from '../../lib/records/comments';
import { historyOf } from '../../lib/records/history';
import { countStatements } from '../../lib/records/statement-counter';
import { HELPDESK_RECORD_KIND } from './helpdesk.kind';
import { helpdeskFixture, type HelpdeskFixture, type Persona } from './helpdesk.test-support';

/*
 * Issue #44: one request's detail is read in one statement (plus the auth guard's own), whoever
 * asks — it was eight (the row, the membership twice, the view, history, comments, attachments).
 */
describe.each(backends)('help-desk detail: statements per call (%s)', (backend) => {
  let t: TestApp;
  let f: HelpdeskFixture;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await helpdeskFixture(t);
    // A request with every part: history (created, assigned, started), a comment, an attachment.
    const created = await f.create('requester');
    id = created.request.id;
    await t.as(f.token.requester, {
      method: 'POST',
      url: `/api/helpdesk/requests/${id}/comments`,
      payload: { text: 'Kağız yenə sıxır, zəhmət olmasa baxın', mentionedUserIds: [] },
    });
    expect((await f.act('executor', id, 'repair')).status).toBe(200);
    await t.app.deps.db.insert(files).values({
      originalName: 'printer.jpg',
      storageKey: 'test/printer.jpg',
      mime: 'image/jpeg',
      sizeBytes: 12345,
      sha256: 'ab'.repeat(32),
      uploadType: HELPDESK_RECORD_KIND,
      uploadedBy: f.id.requester,
      recordType: HELPDESK_RECORD_KIND,
      recordId: id,
    });
  });
  afterAll(async () => t?.close());

  const get = (as: Persona, requestId: number) => t.as(f.token[as], { method: 'GET', url: `/api/helpdesk/requests/${requestId}` });

  it.each<Persona>(['requester', 'lead', 'executor', 'admin'])('answers the %s in two statements: the auth guard and the detail', async (as) => {
    await get(as, id); // the first call of a persona may fill per-user caches
    const { result, statements } = await countStatements(t.app.deps.db, () => get(as, id));
    expect(result.statusCode).toBe(200);
    expect(statements.length, statements.map((s) => s.sql.slice(0, 80)).join('\n')).toBeLessThanOrEqual(2);
  });

  // The response serializer writes the contract's fields in its own order, so equal values are equal bytes.
  it('answers the parts exactly as historyOf, commentsOf and attachmentsOf do', async () => {
    const body = (await get('lead', id)).json() as { history: unknown[]; comments: unknown[]; attachments: unknown[] };
    const deps = t.app.deps;
    expect(body.history.length).toBeGreaterThanOrEqual(2);
    expect(body.comments).toHaveLength(1);
    expect(body.attachments).toHaveLength(1);
    expect(body.history).toStrictEqual(JSON.parse(JSON.stringify(await historyOf(deps.db, HELPDESK_RECORD_KIND, id))));
    expect(body.comments).toStrictEqual(JSON.parse(JSON.stringify(await commentsOf(deps.db, HELPDESK_RECORD_KIND, id))));
    expect(body.attachments).toStrictEqual(JSON.parse(JSON.stringify(await attachmentsOf(deps, HELPDESK_RECORD_KIND, id))));
  });

  it('still answers 404 for an unknown id and 403 for someone with no part in it, each in two statements', async () => {
    await get('other', id);
    const missing = await countStatements(t.app.deps.db, () => get('other', 999_999));
    expect(missing.result.statusCode).toBe(404);
    expect(missing.statements.length).toBeLessThanOrEqual(2);
    const refused = await countStatements(t.app.deps.db, () => get('other', id));
    expect(refused.result.statusCode).toBe(403);
    expect(refused.statements.length).toBeLessThanOrEqual(2);
  });
});
