import { ALLOWANCE_KINDS, LEAVE_DEFAULT_ALLOWANCE, type LeaveBalance, type leaveAllowanceInput } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { requireEditor, requireMembers } from './schedules.access';
import { daysOffBetween, leaveDays } from './schedules.calendar';
import * as repo from './schedules.repository';

/*
 * Leave balances per person and year (issue #41; default allowance 21 days, Labour Code Art. 114):
 * allowance, taken (approved vacation days up to today), planned (later approved days and days
 * being decided) and left, in leave days (calendar days less the calendar's days off).
 */

/** Today in the organisation's calendar (Asia/Baku) as YYYY-MM-DD. */
const todayOf = (now: Date): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The balances of `people` in `year` (see contracts `leaveBalance`). */
async function balancesOf(db: Db, people: { id: number; name: string }[], year: number, now: Date): Promise<LeaveBalance[]> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const ids = people.map((p) => p.id);
  const [leaves, allowances, off] = await Promise.all([repo.holdingLeavesOf(db, ids, from, to), repo.allowancesOf(db, ids, year), daysOffBetween(db, from, to)]);
  const today = todayOf(now);
  return people.map((p) => {
    let taken = 0;
    let planned = 0;
    for (const leave of leaves) {
      if (leave.userId !== p.id || !(ALLOWANCE_KINDS as readonly string[]).includes(leave.kind)) continue;
      const approved = leave.status === 'APPROVED' || leave.status === 'PROCESSED';
      for (const day of leaveDays(leave.startDay < from ? from : leave.startDay, leave.endDay > to ? to : leave.endDay, off)) {
        if (approved && day <= today) taken++;
        else planned++;
      }
    }
    const allowance = allowances.find((a) => a.userId === p.id)?.days ?? LEAVE_DEFAULT_ALLOWANCE;
    return { userId: p.id, name: p.name, year, allowance, taken, planned, left: allowance - taken - planned };
  });
}

/** 422 `leaveBalanceExceeded` (details { year, asked, left }) when `from`…`to` asks for more leave days in a year than are left. */
export async function refuseOverBalance(tx: Db, userId: number, from: string, to: string, now: Date): Promise<void> {
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    const start = from > `${year}-01-01` ? from : `${year}-01-01`;
    const end = to < `${year}-12-31` ? to : `${year}-12-31`;
    const asked = leaveDays(start, end, await daysOffBetween(tx, start, end)).length;
    const [balance] = await balancesOf(tx, [{ id: userId, name: '' }], year, now);
    if (asked > balance!.left) {
      throw domainRule('leaveBalanceExceeded', `${asked} leave days asked in ${year}, ${balance!.left} left.`, { year, asked, left: balance!.left });
    }
  }
}

/**
 * POST /api/schedules/balances: the caller's balance for `year`, or (with groupId) each member's —
 * the group's editor only (403 `notGroupEditor`).
 */
export async function balances(deps: AppDeps, user: AuthUser, year: number, groupId?: number, now = new Date()): Promise<LeaveBalance[]> {
  if (groupId === undefined) {
    const [me] = await repo.peopleNames(deps.db, [user.id]);
    return balancesOf(deps.db, [{ id: user.id, name: me ? `${me.first} ${me.last}` : '' }], year, now);
  }
  await requireEditor(deps, user, groupId);
  const people = await repo.activeMembers(deps.db, groupId);
  return balancesOf(deps.db, people.map((p) => ({ id: p.id, name: `${p.first} ${p.last}` })), year, now);
}

/** POST /api/schedules/allowance: a member's allowance for a year — the group's editor (403 `notGroupEditor`; 422 `notGroupMember`). */
export async function setAllowance(deps: AppDeps, user: AuthUser, input: z.output<typeof leaveAllowanceInput>): Promise<{ ok: true }> {
  await requireEditor(deps, user, input.groupId);
  await requireMembers(deps.db, input.groupId, [input.userId]);
  await repo.saveAllowance(deps.db, input.userId, input.year, input.days, user.id);
  return { ok: true };
}
