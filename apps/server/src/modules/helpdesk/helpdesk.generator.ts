import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executedRows } from '../../lib/lists/list-page';
import { HELPDESK_NUMBER_SCOPE } from './helpdesk.repository';

/** What {@link generateRequests} wrote. */
export interface GeneratedRequests {
  requests: number;
  extraUsers: number;
  year: number;
}


/**
 * Fills the help desk with `count` synthetic requests for benchmarks (DOMAIN.md "Demo data": "a
 * generator for 100,000+ rows"), in one `insert … select from generate_series` per batch so
 * 100,000 rows take seconds, not minutes. Before that it adds `extraUsers` employees
 * (`hdbench<N>@bench.local`, the employee's password hash) as requesters, so "mine" lists
 * have realistic sizes. The rows are spread over `year` (one every few minutes), over every
 * component, priority and status (mostly closed, a tenth open and overdue; the RESOLVED ones resolved now, so the auto-close job leaves them), assigned to the
 * members of the component's group once work started; numbers continue the year's counter,
 * which is moved past them. Needs the help-desk seed first. No history rows (lists only).
 */
export async function generateRequests(db: Db, count: number, { extraUsers = 500, year = 2025, batch = 20_000 } = {}): Promise<GeneratedRequests> {
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, user_type_id, location_id)
    select 'Sınaq', 'İstifadəçi ' || g, 'hdbench' || g || '@bench.local', password_hash, user_type_id, location_id
    from users, generate_series(1, ${extraUsers}) as g
    where email = 'employee@servicedesk.az'
    on conflict do nothing`);
  const [start] = executedRows<{ last: number | null }>(await db.execute(sql`select coalesce(max(seq), 0) as last from helpdesk_requests where year = ${year}`));
  const first = Number(start?.last ?? 0) + 1;
  const yearStart = `${year}-01-01T00:00:00Z`;
  // Minutes between two requests so `count` of them fit in the year.
  const step = Math.max(1, Math.floor((365 * 24 * 60) / Math.max(count, 1)));
  for (let offset = 0; offset < count; offset += batch) {
    const size = Math.min(batch, count - offset);
    await db.execute(sql`
      with comps as (
        select array_agg(id order by id) as ids, array_agg(category_id order by id) as cats, array_agg(group_id order by id) as groups from helpdesk_components
      ), people as (
        select array_agg(id order by id) as ids from users where is_active
      ), gen as (
        select g,
          ${first}::int + g - 1 as seq,
          (1 + (g::bigint * 7919) % array_length(comps.ids, 1))::int as ci,
          comps.ids, comps.cats, comps.groups, people.ids as pids,
          ${yearStart}::timestamptz + ((g - 1) * ${step}::int) * interval '1 minute' as created,
          (array['low','normal','normal','normal','high','high','critical'])[1 + (g * 31) % 7] as priority,
          case when (g * 13) % 100 < 4 then 'NEW' when (g * 13) % 100 < 6 then 'APPROVED'
               when (g * 13) % 100 < 10 then 'IN_PROGRESS' when (g * 13) % 100 < 12 then 'ON_HOLD'
               when (g * 13) % 100 < 15 then 'RESOLVED' when (g * 13) % 100 < 18 then 'REJECTED'
               when (g * 13) % 100 < 21 then 'CANCELLED' else 'CLOSED' end as status
        from generate_series(${offset + 1}::int, ${offset + size}::int) as g, comps, people
      )
      insert into helpdesk_requests (number, year, seq, title, description, category_id, component_id, priority, requester_id,
        group_id, assignee_id, status, hold_reason, due_at, on_hold_since, held_ms, solution, created_at, updated_at, resolved_at, closed_at)
      select 'HD-' || ${year}::int || '-' || lpad(seq::text, 6, '0'), ${year}::int, seq,
        'Sınaq sorğusu ' || seq || ' — ' || (array['printer işləmir','VPN qoşulmur','poçt gəlmir','monitor titrəyir','нет доступа к 1С','laptop is slow'])[1 + g % 6],
        'Benchmark üçün yaradılmış sorğu.',
        cats[ci], ids[ci], priority, pids[(1 + (g::bigint * 104729) % array_length(pids, 1))::int], groups[ci],
        case when status in ('NEW', 'APPROVED', 'REJECTED', 'CANCELLED') then null
             else (select user_id from group_members m where m.group_id = groups[ci] order by m.is_lead, m.user_id limit 1) end,
        status,
        case when status = 'ON_HOLD' then 'waitingParts' end,
        created + (select target_minutes from helpdesk_priorities p where p.code = priority) * interval '1 minute',
        case when status = 'ON_HOLD' then created + interval '1 hour' end,
        0,
        case when status in ('RESOLVED', 'CLOSED') then 'Həll edildi' end,
        created, created + interval '2 hours',
        case when status = 'RESOLVED' then now() when status = 'CLOSED' then created + interval '2 hours' end,
        case when status in ('CLOSED', 'REJECTED', 'CANCELLED') then created + interval '3 hours' end
      from gen`);
  }
  const last = first + count - 1;
  await db.execute(sql`
    insert into record_number_counters (scope, year, last_value) values (${HELPDESK_NUMBER_SCOPE}, ${year}, ${last})
    on conflict (scope, year) do update set last_value = greatest(record_number_counters.last_value, ${last})`);
  // As autovacuum would leave it: statistics for the planner and the visibility map that lets
  // the capped count read the index alone.
  await db.execute(sql`vacuum analyze helpdesk_requests`);
  return { requests: count, extraUsers, year };
}
