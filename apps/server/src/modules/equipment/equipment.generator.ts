import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { syncWaiting } from '../../lib/approvals/waiting';
import { executedRows } from '../../lib/lists/list-page';
import { EQUIPMENT_NUMBER_PREFIX, EQUIPMENT_RECORD_KIND } from './equipment.kind';

/** What {@link generateEquipmentRequests} wrote. */
export interface GeneratedEquipment {
  requests: number;
  steps: number;
  year: number;
}

/**
 * Fills equipment requests for benchmarks (issue #12 bench: 100,000 requests and 300,000 approval
 * steps), in `insert … select from generate_series` batches: `extraUsers` employees
 * (`eqbench<N>@bench.local`) as requesters; per request one line, its approval record, and its
 * steps on the engine's tables — director → visa pool, a second round for two thirds of the
 * submitted ones (returned once, then resubmitted), every slot the seeded director / visa pool.
 * Statuses: 5 % DRAFT (no steps), 10 % IN_APPROVAL (waiting for the director: their "my
 * approvals"), 10 % APPROVED, 50 % PROCESSED, 10 % REJECTED, 5 % RETURNED, 10 % CANCELLED. Numbers
 * continue the year's counter. Needs the demo seed (a budget line, the director, the visa pool).
 */
export async function generateEquipmentRequests(
  db: Db,
  count: number,
  { extraUsers = 500, year = 2025, batch = 20_000 } = {},
): Promise<GeneratedEquipment> {
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, user_type_id, location_id)
    select 'Sınaq', 'Əməkdaş ' || g, 'eqbench' || g || '@bench.local', password_hash, user_type_id, location_id
    from users, generate_series(1, ${extraUsers}) as g
    where email = 'employee@servicedesk.az'
    on conflict do nothing`);
  const [start] = executedRows<{ last: number | null }>(
    await db.execute(
      sql`select coalesce(max(seq), 0) as last from equipment_requests where year = ${year}`,
    ),
  );
  const first = Number(start?.last ?? 0) + 1;
  const step = Math.max(1, Math.floor((365 * 24 * 60) / Math.max(count, 1)));
  const yearStart = `${year}-01-01T00:00:00Z`;
  for (let offset = 0; offset < count; offset += batch) {
    const size = Math.min(batch, count - offset);
    await db.execute(sql`
      with people as (select array_agg(id order by id) as ids from users where is_active and email like '%@bench.local'),
      budget as (select min(id) as id from equipment_budgets),
      gen as (
        select g, ${first}::int + g - 1 as seq, people.ids as pids, budget.id as budget_id,
          ${yearStart}::timestamptz + ((g - 1) * ${step}::int) * interval '1 minute' as created,
          case when g % 20 = 0 then 'DRAFT' when g % 10 = 1 then 'IN_APPROVAL' when g % 10 = 2 then 'APPROVED'
               when g % 10 = 3 then 'REJECTED' when g % 10 = 4 then 'CANCELLED' when g % 20 = 5 then 'RETURNED'
               else 'PROCESSED' end as status
        from generate_series(${offset + 1}::int, ${offset + size}::int) as g, people, budget
      )
      insert into equipment_requests (number, year, seq, status, requester_id, created_by_id, budget_id, justification, total, created_at, updated_at, submitted_at, processed_at)
      select ${EQUIPMENT_NUMBER_PREFIX} || '-' || ${year}::int || '-' || lpad(seq::text, 6, '0'), ${year}::int, seq, status,
        pids[(1 + (g::bigint * 104729) % array_length(pids, 1))::int], pids[(1 + (g::bigint * 104729) % array_length(pids, 1))::int],
        budget_id, 'Benchmark üçün sorğu ' || seq, 1000 * (1 + g % 50), created, created + interval '2 hours',
        case when status <> 'DRAFT' then created + interval '10 minutes' end,
        case when status = 'PROCESSED' then created + interval '3 days' end
      from gen`);
  }
  const rows = sql`(select id, seq, status, created_by_id, number, created_at from equipment_requests where year = ${year} and seq between ${first} and ${first + count - 1})`;
  await db.execute(sql`
    insert into equipment_request_lines (request_id, position, description, quantity, unit, unit_price)
    select r.id, 1, (array['Noutbuk','Monitor','Klaviatura','Printer kartrici','Ofis kreslosu'])[1 + r.seq % 5], 1 + r.seq % 3, 'pcs', 1000
    from ${rows} r`);
  // The engine's record: round 2 for two thirds of the submitted ones (returned once, resubmitted).
  await db.execute(sql`
    insert into approval_records (record_kind, record_id, status, round, author_id, title, number, url, created_at, updated_at)
    select ${EQUIPMENT_RECORD_KIND}, r.id, r.status, case when r.status <> 'DRAFT' and r.seq % 3 <> 0 then 2 else 1 end, r.created_by_id,
      'Benchmark ' || r.seq, r.number, '/home/inventory/requests/' || r.id, r.created_at, r.created_at + interval '2 hours'
    from ${rows} r`);
  // Steps: position 1 (director) and 2 (visa pool) of each round; the earlier round was returned at step 1.
  await db.execute(sql`
    insert into approval_steps (approval_id, round, position, role, mode, status, activated_at, decided_at)
    select a.id, rd, pos, case pos when 1 then 'director' else 'visaPool' end, 'any',
      case
        when rd < a.round then case pos when 1 then 'RETURNED' else 'WAITING' end
        when a.status = 'IN_APPROVAL' then case pos when 1 then 'PENDING' else 'WAITING' end
        when a.status in ('APPROVED', 'PROCESSED') then 'APPROVED'
        when a.status = 'REJECTED' then case pos when 1 then 'REJECTED' else 'WAITING' end
        when a.status = 'RETURNED' then case pos when 1 then 'RETURNED' else 'WAITING' end
        else 'WAITING' end,
      case when pos = 1 then a.created_at + interval '10 minutes' end,
      case when rd < a.round and pos = 1 then a.created_at + interval '1 hour'
           when a.status in ('APPROVED', 'PROCESSED') or (pos = 1 and a.status in ('REJECTED', 'RETURNED')) then a.created_at + interval '1 hour' end
    from approval_records a, generate_series(1, 2) as rd, generate_series(1, 2) as pos
    where a.record_kind = ${EQUIPMENT_RECORD_KIND} and a.status <> 'DRAFT' and rd <= a.round
      and a.record_id in (select id from ${rows} x)`);
  await db.execute(sql`
    insert into approval_step_approvers (step_id, user_id, approval_id, decision, decided_by_id, decided_at)
    select s.id, u.id, s.approval_id,
      case s.status when 'APPROVED' then 'approve' when 'REJECTED' then 'reject' when 'RETURNED' then 'return' end,
      case when s.status in ('APPROVED', 'REJECTED', 'RETURNED') then u.id end, s.decided_at
    from approval_steps s
    join approval_records a on a.id = s.approval_id and a.record_kind = ${EQUIPMENT_RECORD_KIND}
    join users u on u.email = case s.position when 1 then 'director@servicedesk.az' else 'visapool@servicedesk.az' end
    where a.record_id in (select id from ${rows} x)`);
  // Which of those slots wait for their approver (my approvals' index), by the engine's rule.
  await syncWaiting(db);
  const last = first + count - 1;
  await db.execute(sql`
    insert into record_number_counters (scope, year, last_value) values (${EQUIPMENT_NUMBER_PREFIX}, ${year}, ${last})
    on conflict (scope, year) do update set last_value = greatest(record_number_counters.last_value, ${last})`);
  for (const table of [
    'equipment_requests',
    'equipment_request_lines',
    'approval_records',
    'approval_steps',
    'approval_step_approvers',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  const [steps] = executedRows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from approval_steps s join approval_records a on a.id = s.approval_id where a.record_kind = ${EQUIPMENT_RECORD_KIND}`,
    ),
  );
  return { requests: count, steps: Number(steps?.n ?? 0), year };
}
