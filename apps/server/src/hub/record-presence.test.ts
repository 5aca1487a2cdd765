import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { groupMembers } from '../db/schema';
import { publishRecordChange } from './record-presence';
import {
  eventually,
  hubConnection,
  nextEvent,
  startHubServer,
  type HubServer,
} from './test-support';

/*
 * Presence on a record (issue #6, record-presence.ts) with the official @microsoft/signalr
 * client against listening servers: who may join, the viewers list on join / leave / close, the
 * RecordChanged signal, and — when REDIS_URL is set — both across two instances.
 */

const EMPLOYEE = 'employee@servicedesk.az';
const LEAD = 'lead@servicedesk.az';
const LAWYER = 'lawyer@servicedesk.az';
const KIND = 'helpdeskRequest';

type Viewers = [kind: string, id: number, userIds: number[]];

/** A demo request of the employee in the lead's group queue (both may see it; the lawyer may not). */
async function sharedRequestId(
  server: HubServer,
  leadToken: string,
  employeeId: number,
): Promise<number> {
  const res = await fetch(`${server.url}/api/helpdesk/requests/grid`, {
    method: 'POST',
    headers: { authorization: `Bearer ${leadToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'queue', requesterId: employeeId, take: 1 }),
  });
  expect(res.status).toBe(200);
  const { rows } = (await res.json()) as { rows: { id: number }[] };
  expect(rows.length).toBe(1);
  return rows[0]!.id;
}

async function apiStatus(server: HubServer, token: string, path: string): Promise<number> {
  return (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } }))
    .status;
}

const open: HubConnection[] = [];
async function connect(server: HubServer, token: string): Promise<HubConnection> {
  const c = hubConnection(server.url, token);
  open.push(c);
  await c.start();
  return c;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

describe('presence on a record, one instance', () => {
  let server: HubServer;
  let employeeToken: string;
  let leadToken: string;
  let lawyerToken: string;
  let employeeId: number;
  let leadId: number;
  let requestId: number;

  beforeAll(async () => {
    server = await startHubServer();
    [employeeToken, leadToken, lawyerToken] = await Promise.all([
      server.login(EMPLOYEE),
      server.login(LEAD),
      server.login(LAWYER),
    ]);
    [employeeId, leadId] = await Promise.all([server.userId(EMPLOYEE), server.userId(LEAD)]);
    requestId = await sharedRequestId(server, leadToken, employeeId);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists everyone viewing the record to each of them, and drops whoever leaves or closes', async () => {
    const employee = await connect(server, employeeToken);
    const lead = await connect(server, leadToken);

    expect(await employee.invoke('JoinRecord', KIND, requestId)).toEqual([employeeId]);
    const employeeSees = nextEvent<Viewers>(
      employee,
      'RecordViewers',
      5000,
      (_k, _id, ids) => ids.length === 2,
    );
    // Method names are case-insensitive, as in ASP.NET Core.
    expect(await lead.invoke('joinrecord', KIND, requestId)).toEqual(
      [employeeId, leadId].sort((a, b) => a - b),
    );
    expect(await employeeSees).toEqual([
      KIND,
      requestId,
      [employeeId, leadId].sort((a, b) => a - b),
    ]);

    const afterLeave = nextEvent<Viewers>(
      employee,
      'RecordViewers',
      5000,
      (_k, _id, ids) => ids.length === 1,
    );
    await lead.invoke('LeaveRecord', KIND, requestId);
    expect(await afterLeave).toEqual([KIND, requestId, [employeeId]]);

    await lead.invoke('JoinRecord', KIND, requestId);
    const afterClose = nextEvent<Viewers>(
      lead,
      'RecordViewers',
      5000,
      (_k, _id, ids) => ids.length === 1,
    );
    await employee.stop();
    expect(await afterClose).toEqual([KIND, requestId, [leadId]]);
  });

  it('counts a user with two tabs once and keeps them while one tab still views', async () => {
    const tab1 = await connect(server, employeeToken);
    const tab2 = await connect(server, employeeToken);
    const lead = await connect(server, leadToken);
    await lead.invoke('JoinRecord', KIND, requestId);
    await tab1.invoke('JoinRecord', KIND, requestId);
    expect(await tab2.invoke('JoinRecord', KIND, requestId)).toEqual(
      [employeeId, leadId].sort((a, b) => a - b),
    );
    const seen: Viewers[] = [];
    lead.on('RecordViewers', (...args: Viewers) => seen.push(args));
    await tab1.stop();
    await eventually(() => seen.length > 0, 5000, 'a RecordViewers after the first tab closed');
    expect(seen.at(-1)![2]).toEqual([employeeId, leadId].sort((a, b) => a - b));
  });

  it('refuses a user who may not see the record, an unknown kind and bad arguments', async () => {
    // The lawyer has no part in the request (the API says 403 too).
    expect(await apiStatus(server, lawyerToken, `/api/helpdesk/requests/${requestId}`)).toBe(403);
    const lawyer = await connect(server, lawyerToken);
    await expect(lawyer.invoke('JoinRecord', KIND, requestId)).rejects.toThrow(
      /HubException: You may not view this record\./,
    );
    await expect(lawyer.invoke('JoinRecord', 'noSuchKind', requestId)).rejects.toThrow(
      /Unknown record kind 'noSuchKind'/,
    );
    await expect(lawyer.invoke('JoinRecord', KIND, 'x')).rejects.toThrow(/positive id/);
    await expect(lawyer.invoke('JoinRecord', KIND, 99_999_999)).rejects.toThrow(/may not view/);

    // Nobody heard of the refused attempt: the employee alone views the record.
    const employee = await connect(server, employeeToken);
    expect(await employee.invoke('JoinRecord', KIND, requestId)).toEqual([employeeId]);
  });

  it('pushes RecordChanged to the viewers and to the named participants, not to others', async () => {
    const employee = await connect(server, employeeToken);
    const lead = await connect(server, leadToken);
    const lawyer = await connect(server, lawyerToken);
    await employee.invoke('JoinRecord', KIND, requestId);
    const lawyerHeard: unknown[] = [];
    lawyer.on('RecordChanged', (...args: unknown[]) => lawyerHeard.push(args));
    const toEmployee = nextEvent(employee, 'RecordChanged');
    const toLead = nextEvent(lead, 'RecordChanged'); // not viewing: reached as a participant
    await publishRecordChange(server.app.deps, KIND, requestId, [leadId]);
    expect(await toEmployee).toEqual([KIND, requestId]);
    expect(await toLead).toEqual([KIND, requestId]);
    // The lawyer's connection got the events published after it (a round trip proves delivery order).
    await lawyer.invoke('GetConnectedUserIds');
    expect(lawyerHeard).toEqual([]);
  });

  it('stops telling a viewer of changes once they may no longer see the record', async () => {
    const employee = await connect(server, employeeToken);
    const lead = await connect(server, leadToken);
    await employee.invoke('JoinRecord', KIND, requestId);
    await lead.invoke('JoinRecord', KIND, requestId); // allowed as a member of the request's group
    const { db } = server.app.deps;
    const membership = await db.select().from(groupMembers).where(eq(groupMembers.userId, leadId));
    expect(membership.length).toBeGreaterThan(0);
    await db.delete(groupMembers).where(eq(groupMembers.userId, leadId));
    try {
      const leadHeard: unknown[] = [];
      lead.on('RecordChanged', (...args: unknown[]) => leadHeard.push(args));
      const toEmployee = nextEvent(employee, 'RecordChanged');
      await publishRecordChange(server.app.deps, KIND, requestId);
      expect(await toEmployee).toEqual([KIND, requestId]);
      await lead.invoke('GetConnectedUserIds'); // a round trip: what was published before it has arrived
      expect(leadHeard).toEqual([]);
    } finally {
      await db.insert(groupMembers).values(membership);
    }
  });

  it('RecordChanged also reaches those who see every request (helpdesk.requests.viewAll: the admin)', async () => {
    const admin = await connect(server, await server.login('admin@servicedesk.az')); // neither viewing nor a participant
    const heard = nextEvent(
      admin,
      'RecordChanged',
      5000,
      (kind, id) => kind === KIND && id === requestId,
    );
    await publishRecordChange(server.app.deps, KIND, requestId);
    expect(await heard).toEqual([KIND, requestId]);
  });

  it('the help desk announces its changes: a comment reaches the group lead as RecordChanged', async () => {
    const lead = await connect(server, leadToken); // not viewing; the group's lead sees it in the queue
    const heard = nextEvent(
      lead,
      'RecordChanged',
      5000,
      (kind, id) => kind === KIND && id === requestId,
    );
    const res = await fetch(`${server.url}/api/helpdesk/requests/${requestId}/comments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${employeeToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Still broken this morning.' }),
    });
    expect(res.status).toBe(200);
    expect(await heard).toEqual([KIND, requestId]);
  });
});

const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!REDIS_URL)('presence on a record across two instances (Redis)', () => {
  let a: HubServer;
  let b: HubServer;
  let employeeId: number;
  let leadId: number;
  let employeeToken: string;
  let leadToken: string;
  let requestId: number;

  beforeAll(async () => {
    process.env.HUB_REDIS_PREFIX = `sdtest:${randomBytes(4).toString('hex')}:`;
    [a, b] = await Promise.all([
      startHubServer({ redisUrl: REDIS_URL }),
      startHubServer({ redisUrl: REDIS_URL }),
    ]);
    delete process.env.HUB_REDIS_PREFIX;
    [employeeToken, leadToken] = await Promise.all([a.login(EMPLOYEE), b.login(LEAD)]);
    [employeeId, leadId] = await Promise.all([a.userId(EMPLOYEE), b.userId(LEAD)]);
    requestId = await sharedRequestId(a, leadToken, employeeId);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('shows viewers on another instance, forgets them when they close, and carries RecordChanged across', async () => {
    const employee = await connect(a, employeeToken);
    const lead = await connect(b, leadToken);
    expect(await employee.invoke('JoinRecord', KIND, requestId)).toEqual([employeeId]);
    const employeeSees = nextEvent<Viewers>(
      employee,
      'RecordViewers',
      5000,
      (_k, _id, ids) => ids.length === 2,
    );
    expect(await lead.invoke('JoinRecord', KIND, requestId)).toEqual(
      [employeeId, leadId].sort((x, y) => x - y),
    );
    expect((await employeeSees)[2]).toEqual([employeeId, leadId].sort((x, y) => x - y));

    const leadHearsChange = nextEvent(lead, 'RecordChanged');
    await publishRecordChange(a.app.deps, KIND, requestId); // published on A, the viewer is on B
    expect(await leadHearsChange).toEqual([KIND, requestId]);

    const leadSeesAlone = nextEvent<Viewers>(
      lead,
      'RecordViewers',
      5000,
      (_k, _id, ids) => ids.length === 1,
    );
    await employee.stop();
    expect((await leadSeesAlone)[2]).toEqual([leadId]);
  });
});
