import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupMembers, groups, leaveRequests, scheduleEntries, scheduleGroupSettings, users } from '../../db/schema';
import { openApproval, submitInTx } from '../../lib/approvals/engine';
import { approvalKindOf } from '../../lib/approvals/registry';
import { IT_SUPPORT_GROUP } from '../../seed/catalog';
import { LEAVE_RECORD_KIND } from './schedules.kind';
import { addDays, eachDay, weekdayOf } from '../../lib/calendar-days';
import { registerLeaveApproval } from './schedules.leave';

/*
 * Demo schedules (DOMAIN.md "Demo data"): IT support's current and next month — weekdays 09:00–18:00
 * for its lead and members, Friday remote for the executor, a sick day, an approved vacation
 * (from a leave request) and a leave request waiting in the lead's My approvals; minimum
 * coverage 1. Written only while there are no schedule entries.
 */

/** Writes the demo schedule when there is none (inside the seed's transaction). */
export async function seedSchedules(tx: Db, now = new Date()): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(scheduleEntries);
  if ((existing?.n ?? 0) > 0) return;
  const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.name, IT_SUPPORT_GROUP));
  if (!group) return;
  const people = await tx
    .select({ id: users.id, email: users.email, userTypeId: users.userTypeId, isLead: groupMembers.isLead })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id));
  const member = people.find((p) => !p.isLead);
  if (people.length === 0 || !member) return;
  await tx.insert(scheduleGroupSettings).values({ groupId: group.id, minCoverage: 1 }).onConflictDoNothing();

  const today = now.toISOString().slice(0, 10);
  const first = `${today.slice(0, 7)}-01`;
  const days = eachDay(first, addDays(first, 61));
  const vacation = eachDay(addDays(first, 14), addDays(first, 16));
  const rows = people.flatMap((p) =>
    days
      .filter((day) => weekdayOf(day) < 5)
      .map((day) => {
        const remote = p.id === member.id && weekdayOf(day) === 4;
        const sick = p.id === member.id && day === addDays(first, 2);
        const kind = sick ? ('sick' as const) : remote ? ('remote' as const) : ('work' as const);
        return { userId: p.id, groupId: group.id, day, kind, startMinute: kind === 'sick' ? null : 540, endMinute: kind === 'sick' ? null : 1080 };
      }),
  );
  for (let i = 0; i < rows.length; i += 500) await tx.insert(scheduleEntries).values(rows.slice(i, i + 500)).onConflictDoNothing();

  // An approved vacation of the lead (the grid shows it) and a member's request waiting for the lead.
  const lead = people.find((p) => p.isLead)!;
  const [approved] = await tx
    .insert(leaveRequests)
    .values({ userId: member.id, groupId: group.id, kind: 'vacation', startDay: vacation[0]!, endDay: vacation[vacation.length - 1]!, reason: 'Məzuniyyət', status: 'APPROVED', createdAt: now, updatedAt: now })
    .returning({ id: leaveRequests.id });
  for (const day of vacation) {
    await tx
      .insert(scheduleEntries)
      .values({ userId: member.id, groupId: group.id, day, kind: 'vacation', leaveRequestId: approved!.id, updatedBy: lead.id })
      .onConflictDoUpdate({ target: [scheduleEntries.userId, scheduleEntries.day], set: { kind: 'vacation', startMinute: null, endMinute: null, leaveRequestId: approved!.id } });
  }
  if (!approvalKindOf(LEAVE_RECORD_KIND)) registerLeaveApproval();
  const start = addDays(first, 40);
  const [pending] = await tx
    .insert(leaveRequests)
    .values({ userId: member.id, groupId: group.id, kind: 'vacation', startDay: start, endDay: addDays(start, 2), reason: 'Ailə səfəri', status: 'DRAFT', createdAt: now, updatedAt: now })
    .returning({ id: leaveRequests.id });
  await openApproval(tx, { recordKind: LEAVE_RECORD_KIND, recordId: pending!.id, authorId: member.id, title: `${start} – ${addDays(start, 2)}`, number: `LV-${pending!.id}`, url: `/home/schedules/leave/${pending!.id}`, groupId: group.id, now });
  await submitInTx(tx, { id: member.id, email: member.email, userTypeId: member.userTypeId }, LEAVE_RECORD_KIND, pending!.id, now);
}
