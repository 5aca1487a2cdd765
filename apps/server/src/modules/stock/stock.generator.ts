import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executedRows } from '../../lib/lists/list-page';

/** What {@link generateStock} wrote. */
export interface GeneratedStock {
  materials: number;
  groups: number;
  warehouses: number;
  operations: number;
  /** Operation lines, the opening balances' included. */
  lines: number;
  /** Of those, the opening balances' lines. */
  openingLines: number;
  movements: number;
  levels: number;
  inventories: number;
  /** The most moved material (`BM-000001`) and its movements. */
  hotMaterialId: number;
  hotMovements: number;
  /** The warehouses' ids, the demo's three first (the first is kept by the demo keeper). */
  warehouseIds: number[];
}

/** A deterministic "random" integer ≥ 0 of `x` in stream `k` (PostgreSQL's hashint8extended). */
const h = (x: ReturnType<typeof sql>, k: number) =>
  sql`abs(hashint8extended((${x})::bigint, ${k}::bigint))`;

/**
 * Fills stock for benchmarks (issue #13 bench: 100,000 materials, 1,000,000 ledger lines), in a few
 * `insert … select from generate_series` statements inside one transaction, without the ledger's
 * row-by-row posting but with what it would have written:
 *
 * - 20 root groups with 10 subgroups each (materials in the subgroups); `extraWarehouses`
 *   warehouses (`Bench anbarı N`, kept by the demo keeper) besides the demo's three;
 * - `materials` materials `BM-000001`… (names from 25 nouns × 16 qualifiers, so a word like
 *   "Kabel" holds a 25th of them; units, 0–3 parameters, a minimum level for a third,
 *   every 100th kept as inventories), each with one unit cost (100–50,099 minor units);
 * - about `lines` operation lines in operations of 1–7 lines dated over the last two years (receipt
 *   30 %, issue 48 %, transfer 12 %, write-off 5 %, return 5 %), materials picked with a strong skew
 *   (material k of n with probability ∝ k^(−2/3): `BM-000001` gets ~2 % of the lines — the
 *   material with many movements — and half of them fewer than five), warehouses evenly;
 * - opening-balance receipts (dated a day before the first operation, 100 lines each) for every
 *   (material, warehouse) whose running balance would otherwise go below zero;
 * - the movements (a transfer: an outflow, its paired inflow) with their running balances, the
 *   levels (the last balance of each pair), the materials' stock over all warehouses, and a monthly snapshot for each month in which a pair
 *   moved (the readers take the latest at or before a month, so the months between answer the
 *   same; the ledger writes them densely as it posts);
 * - inventories of the tracked materials: the units in stock (a tenth in repair), the units issued
 *   (assigned to their recipients) and the ones written off; lines name no inventories.
 *
 * With one unit cost per material, every movement's value is quantity × cost — what the moving
 * average gives — so the balances are the ledger's to the unit. Numbers continue the counters.
 * Needs the demo seed (the keeper, vendors, the demo's warehouses). Ends with `vacuum analyze`.
 */
export async function generateStock(
  db: Db,
  { materials = 100_000, lines = 1_000_000, extraWarehouses = 7, now = new Date() } = {},
): Promise<GeneratedStock> {
  const days = 730;
  const start = new Date(now.getTime() - days * 86_400_000);
  const startIso = start.toISOString();
  const operations = Math.max(1, Math.round(lines / 4));
  const spanSeconds = days * 86_400 - 3_600;

  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`
      insert into warehouses (name, location_id, keeper_id)
      select 'Bench anbarı ' || g, (select min(id) from locations), (select id from users where email = 'warehouse@servicedesk.az')
      from generate_series(1, ${extraWarehouses}::int) g
      on conflict do nothing`);
    await tx.execute(sql`
      insert into material_groups (parent_id, code, names, sort_order)
      select null, 'bench-' || r,
        jsonb_build_object('az', (array['Kompüter avadanlığı','Ofis ləvazimatı','Kağız məhsulları','Elektrik malları','Santexnika','Mebel','Təmizlik vasitələri','Şəbəkə avadanlığı','Çap ləvazimatı','Alətlər','Tikinti materialları','Mətbəx ləvazimatı','Tibbi ləvazimat','Qoruyucu geyim','Nəqliyyat hissələri','Kabel məhsulları','İşıqlandırma','Telefoniya','Kondisionerlər','Dəftərxana'])[r] || ' (B)',
          'en', 'Group ' || r, 'ru', 'Группа ' || r, 'tr', 'Grup ' || r),
        100 + r
      from generate_series(1, 20) r`);
    await tx.execute(sql`
      insert into material_groups (parent_id, code, names, sort_order)
      select p.id, p.code || '-' || c,
        jsonb_build_object('az', (p.names ->> 'az') || ' — alt qrup ' || c, 'en', (p.names ->> 'en') || '.' || c, 'ru', (p.names ->> 'ru') || '.' || c, 'tr', (p.names ->> 'tr') || '.' || c),
        c
      from material_groups p, generate_series(1, 10) c
      where p.code ~ '^bench-[0-9]+$'`);
    // Scratch tables (dropped at commit): the materials by index, the operations, lines, movements.
    // The materials' ids are picked here (their rows are written once their stock is known, below).
    await tx.execute(sql`
      create temp table gen_material on commit drop as
      select b.base + i as id, i as k, 100 + ${h(sql`b.base + i`, 2)} % 50000 as cost, i % 100 = 37 as tracked
      from generate_series(1, ${materials}::int) i, (select coalesce(max(id), 0) as base from materials) b`);
    await tx.execute(sql`create unique index on gen_material (k)`);
    await tx.execute(sql`
      create temp table gen_ctx on commit drop as
      select (select array_agg(id order by id) from warehouses where is_active) as whs,
        (select array_agg(id order by id) from modal_elements where kind = 'vendor') as vendors,
        (select array_agg(id order by id) from users where is_active) as people,
        (select id from users where email = 'warehouse@servicedesk.az') as keeper,
        (select count(*)::int from gen_material) as n_materials`);
    await tx.execute(sql`
      create temp table gen_op on commit drop as
      select g,
        ${startIso}::timestamptz + (((g - 1)::bigint * ${spanSeconds}::bigint / ${operations}::bigint) + ${h(sql`g`, 11)} % greatest(1, ${spanSeconds}::bigint / ${operations}::bigint)) * interval '1 second' as d,
        case when ${h(sql`g`, 3)} % 100 < 30 then 'receipt' when ${h(sql`g`, 3)} % 100 < 78 then 'issue'
             when ${h(sql`g`, 3)} % 100 < 90 then 'transfer' when ${h(sql`g`, 3)} % 100 < 95 then 'writeOff' else 'return' end as kind,
        (${h(sql`g`, 4)} % array_length(c.whs, 1))::int as wi,
        (1 + ${h(sql`g`, 5)} % (array_length(c.whs, 1) - 1))::int as shift,
        (1 + ${h(sql`g`, 6)} % 7)::int as nlines
      from generate_series(1, ${operations}::int) g, gen_ctx c`);
    // Lines: material index k = 1 + ⌊n · u³⌋ (u uniform in [0, 1)).
    await tx.execute(sql`
      create temp table gen_line on commit drop as
      select o.g, l as line_no, o.kind, o.wi, o.shift, o.d, m.id as material_id, m.cost, m.tracked,
        case when o.kind = 'receipt' then case when m.tracked then 1 + ${h(sql`o.g * 8 + l`, 8)} % 5 else 10 + ${h(sql`o.g * 8 + l`, 8)} % 91 end
             when o.kind = 'return' then 1 + ${h(sql`o.g * 8 + l`, 8)} % 2
             else case when m.tracked then 1 + ${h(sql`o.g * 8 + l`, 8)} % 2 else 1 + ${h(sql`o.g * 8 + l`, 8)} % 5 end end as quantity
      from gen_op o
      cross join generate_series(1, o.nlines) l
      cross join gen_ctx c
      join gen_material m on m.k = least(c.n_materials, 1 + floor(c.n_materials * power((${h(sql`o.g * 8 + l`, 7)} % 1000003) / 1000003.0, 3))::int)`);
    // Opening balances: what each pair lacks at its lowest running balance, as receipts before everything.
    await tx.execute(sql`
      create temp table gen_need on commit drop as
      with mv as (
        select material_id, c.whs[wi + 1] as warehouse_id, d, g, line_no, 0 as side, case when kind in ('receipt', 'return') then quantity else -quantity end as q
        from gen_line, gen_ctx c
        union all
        select material_id, c.whs[(wi + shift) % array_length(c.whs, 1) + 1], d, g, line_no, 1, quantity
        from gen_line, gen_ctx c where kind = 'transfer'
      ), run as (
        select material_id, warehouse_id, sum(q) over (partition by material_id, warehouse_id order by d, g, line_no, side) as balance from mv
      )
      select material_id, warehouse_id, -min(balance) as need,
        row_number() over (partition by warehouse_id order by material_id) - 1 as rn
      from run group by material_id, warehouse_id having min(balance) < 0`);
    await tx.execute(sql`
      insert into gen_op (g, d, kind, wi, shift, nlines)
      select ${operations}::int + row_number() over (order by warehouse_id, chunk),
        ${startIso}::timestamptz - interval '1 day' + row_number() over (order by warehouse_id, chunk) * interval '1 second',
        'receipt', array_position(c.whs, warehouse_id) - 1, 1, count(*)
      from (select warehouse_id, rn / 100 as chunk from gen_need) x, gen_ctx c
      group by warehouse_id, chunk, c.whs`);
    await tx.execute(sql`
      create temp table gen_open on commit drop as
      select wi, min(g) as first_g from gen_op where g > ${operations}::int group by wi`);
    await tx.execute(sql`
      insert into gen_line (g, line_no, kind, wi, shift, d, material_id, cost, tracked, quantity)
      select o.g, (n.rn % 100 + 1)::int, 'receipt', o.wi, 1, o.d, n.material_id, m.cost, m.tracked, n.need
      from gen_need n
      cross join gen_ctx c
      join gen_open f on f.wi = array_position(c.whs, n.warehouse_id) - 1
      join gen_op o on o.g = f.first_g + n.rn / 100
      join gen_material m on m.id = n.material_id`);
    await tx.execute(sql`
      create temp table gen_base on commit drop as
      select (select coalesce(max(id), 0) from stock_operations) as op,
        (select coalesce(max(id), 0) from stock_operation_lines) as line,
        (select coalesce(max(id), 0) from stock_movements) as mv`);
    await tx.execute(
      sql`create temp table gen_l on commit drop as select row_number() over (order by g, line_no)::int as n, * from gen_line`,
    );
    await tx.execute(sql`drop table gen_line`);
    // The materials, with their stock over all warehouses (what the lines leave), then their sequence.
    await tx.execute(sql`
      create temp table gen_stock on commit drop as
      select material_id, sum(case when kind in ('receipt', 'return') then quantity when kind = 'transfer' then 0 else -quantity end) as q
      from gen_l group by material_id`);
    await tx.execute(sql`
      with leaves as (select array_agg(id order by id) as ids from material_groups where code ~ '^bench-[0-9]+-[0-9]+$')
      insert into materials (id, code, name, group_id, unit_code, parameters, tracks_inventories, min_level, stock_quantity, created_at, updated_at)
      select gm.id, 'BM-' || lpad(i::text, 6, '0'),
        (array['Kabel','Kartric','Noutbuk','Monitor','Kağız','Qələm','Kreslo','Masa','Printer','Toner','Siçan','Klaviatura','Lampa','Açar','Boru','Kran','Filtr','Akkumulyator','Adapter','Router','Disk','Dəftər','Qovluq','Əlcək','Maska'])[1 + i % 25]
          || ' ' || (array['standart','premium','böyük','kiçik','ağ','qara','göy','sənaye','ofis','portativ','simsiz','ikiqat','yüngül','möhkəm','ekonom','professional'])[1 + (i / 25) % 16]
          || ' ' || (100 + i % 9973)::text,
        leaves.ids[1 + i % array_length(leaves.ids, 1)],
        case when i % 100 = 37 then 'pcs' else (array['pcs','box','m','l','kg','set'])[1 + ${h(sql`i`, 1)} % 6] end,
        case i % 4 when 0 then '[]'::jsonb
          when 1 then jsonb_build_array(jsonb_build_object('name', 'Rəng', 'value', (array['Qara','Ağ','Boz','Göy'])[1 + i % 4]))
          when 2 then jsonb_build_array(jsonb_build_object('name', 'Ölçü', 'value', (10 + i % 90)::text || ' sm'), jsonb_build_object('name', 'Çəki', 'value', (1 + i % 20)::text || ' kq'))
          else jsonb_build_array(jsonb_build_object('name', 'Marka', 'value', (array['Dell','HP','Canon','Philips','Bosch'])[1 + i % 5]), jsonb_build_object('name', 'Model', 'value', 'M' || i), jsonb_build_object('name', 'Zəmanət', 'value', (1 + i % 3)::text || ' il'))
        end,
        i % 100 = 37,
        case when i % 3 = 0 then 5 + i % 50 end,
        coalesce(st.q, 0),
        ${startIso}::timestamptz - interval '30 days' + i * interval '10 seconds',
        ${startIso}::timestamptz - interval '30 days' + i * interval '10 seconds'
      from generate_series(1, ${materials}::int) i
      cross join leaves
      join gen_material gm on gm.k = i
      left join gen_stock st on st.material_id = gm.id`);
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('materials', 'id'), (select max(id) from materials))`,
      ),
    );

    await tx.execute(sql`
      insert into stock_operations (id, number, year, seq, kind, operation_date, warehouse_id, to_warehouse_id, vendor_id, vendor_invoice_ref,
        recipient_user_id, reason, posted_by_id, posted_at)
      select b.op + o.g, 'ST-' || o.y || '-' || lpad((coalesce(k.last_value, 0) + o.seq)::text, 6, '0'), o.y, coalesce(k.last_value, 0) + o.seq,
        o.kind, o.d, c.whs[o.wi + 1],
        case when o.kind = 'transfer' then c.whs[(o.wi + o.shift) % array_length(c.whs, 1) + 1] end,
        case when o.kind = 'receipt' then c.vendors[1 + o.g % array_length(c.vendors, 1)] end,
        case when o.kind = 'receipt' then case when o.g > ${operations}::int then 'Açılış qalığı' else 'QF-' || lpad(o.g::text, 7, '0') end end,
        case when o.kind in ('issue', 'return') then c.people[1 + ${h(sql`o.g`, 9)} % array_length(c.people, 1)] end,
        case when o.kind = 'writeOff' then 'Zədələnib, istifadəyə yararsızdır' end,
        c.keeper, o.d + interval '5 minutes'
      from (select *, extract(year from d at time zone 'Asia/Baku')::int as y,
              row_number() over (partition by extract(year from d at time zone 'Asia/Baku') order by d, g)::int as seq from gen_op) o
      cross join gen_ctx c cross join gen_base b
      left join record_number_counters k on k.scope = 'stockOperation' and k.year = o.y`);
    await tx.execute(sql`
      insert into record_number_counters (scope, year, last_value)
      select 'stockOperation', year, max(seq) from stock_operations where id > (select op from gen_base) group by year
      on conflict (scope, year) do update set last_value = greatest(record_number_counters.last_value, excluded.last_value)`);
    await tx.execute(sql`
      insert into stock_operation_lines (id, operation_id, line_no, material_id, quantity, unit_cost, amount)
      select b.line + l.n, b.op + l.g, l.line_no, l.material_id, l.quantity, l.cost, l.quantity * l.cost
      from gen_l l, gen_base b`);
    // Movements: line n → id 2n − 1 (its own warehouse), a transfer's inflow 2n; balances per pair in (date, id) order.
    await tx.execute(sql`
      insert into stock_movements (id, operation_id, line_id, material_id, warehouse_id, operation_date, quantity, value, balance_quantity, balance_value, valuation, pair_id)
      select id, operation_id, line_id, material_id, warehouse_id, d, q, q * cost,
        sum(q) over w, sum(q) over w * cost, valuation, pair_id
      from (
        select b.mv + 2 * l.n - 1 as id, b.op + l.g as operation_id, b.line + l.n as line_id, l.material_id, c.whs[l.wi + 1] as warehouse_id, l.d, l.cost,
          case when l.kind in ('receipt', 'return') then l.quantity else -l.quantity end as q,
          case when l.kind in ('receipt', 'return') then 'fixed' else 'average' end as valuation,
          case when l.kind = 'transfer' then b.mv + 2 * l.n end as pair_id
        from gen_l l, gen_ctx c, gen_base b
        union all
        select b.mv + 2 * l.n, b.op + l.g, b.line + l.n, l.material_id, c.whs[(l.wi + l.shift) % array_length(c.whs, 1) + 1], l.d, l.cost,
          l.quantity, 'fixed', null
        from gen_l l, gen_ctx c, gen_base b where l.kind = 'transfer'
      ) mv
      window w as (partition by material_id, warehouse_id order by d, id)`);
    for (const table of ['stock_operations', 'stock_operation_lines', 'stock_movements']) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        ),
      );
    }
    await tx.execute(sql`
      insert into stock_levels (material_id, warehouse_id, quantity, value, updated_at)
      select distinct on (material_id, warehouse_id) material_id, warehouse_id, balance_quantity, balance_value, operation_date + interval '5 minutes'
      from stock_movements where id > (select mv from gen_base)
      order by material_id, warehouse_id, operation_date desc, id desc`);
    await tx.execute(sql`
      insert into stock_snapshots (month, material_id, warehouse_id, quantity, value)
      select distinct on (material_id, warehouse_id, to_char(operation_date at time zone 'UTC', 'YYYY-MM'))
        to_char(operation_date at time zone 'UTC', 'YYYY-MM'), material_id, warehouse_id, balance_quantity, balance_value
      from stock_movements where id > (select mv from gen_base)
      order by material_id, warehouse_id, to_char(operation_date at time zone 'UTC', 'YYYY-MM'), operation_date desc, id desc`);
    // Inventories of the tracked materials: in stock (a tenth in repair), issued (assigned), written off.
    await tx.execute(sql`
      create temp table gen_inv on commit drop as
      select row_number() over (order by d, material_id, warehouse_id, u)::int as r, * from (
        select lv.material_id, lv.warehouse_id, null::int as holder_id, case when u % 10 = 0 then 'inRepair' else 'inStock' end as status, m.cost, lv.updated_at as d, u
        from stock_levels lv join gen_material m on m.id = lv.material_id and m.tracked, generate_series(1, lv.quantity::int) u
        union all
        select o.material_id, o.warehouse_id, o.recipient_user_id, 'assigned', m.cost, o.operation_date, u
        from (select x.material_id, op.warehouse_id, op.recipient_user_id, op.operation_date, x.quantity from stock_operation_lines x join stock_operations op on op.id = x.operation_id
              where op.kind = 'issue' and op.id > (select op from gen_base)) o
        join gen_material m on m.id = o.material_id and m.tracked, generate_series(1, o.quantity::int) u
        union all
        select o.material_id, o.warehouse_id, null, 'writtenOff', m.cost, o.operation_date, u
        from (select x.material_id, op.warehouse_id, op.operation_date, x.quantity from stock_operation_lines x join stock_operations op on op.id = x.operation_id
              where op.kind = 'writeOff' and op.id > (select op from gen_base)) o
        join gen_material m on m.id = o.material_id and m.tracked, generate_series(1, o.quantity::int) u
      ) x`);
    await tx.execute(sql`
      insert into inventories (inventory_number, material_id, serial, status, warehouse_id, holder_id, unit_cost, created_at, updated_at)
      select 'AST-' || lpad((coalesce(k.last_value, 0) + i.r)::text, 6, '0'), i.material_id, 'SN' || lpad((${h(sql`i.r`, 10)} % 100000000)::text, 8, '0'),
        i.status, i.warehouse_id, i.holder_id, i.cost, i.d, i.d
      from gen_inv i left join record_number_counters k on k.scope = 'inventory' and k.year = 0`);
    await tx.execute(sql`
      insert into record_number_counters (scope, year, last_value)
      select 'inventory', 0, count(*) from gen_inv having count(*) > 0
      on conflict (scope, year) do update set last_value = record_number_counters.last_value + excluded.last_value`);
  });

  for (const table of [
    'material_groups',
    'materials',
    'stock_operations',
    'stock_operation_lines',
    'stock_movements',
    'stock_levels',
    'stock_snapshots',
    'inventories',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return countGeneratedStock(db);
}

/** What the generator's rows in the database are now (materials `BM-…` and everything of theirs). */
export async function countGeneratedStock(db: Db): Promise<GeneratedStock> {
  const [counts] = executedRows<Record<string, number | number[]>>(
    await db.execute(sql`
      select (select count(*)::int from materials where code like 'BM-%') as materials,
        (select count(*)::int from material_groups where code like 'bench-%') as groups,
        (select array_agg(id order by id) from warehouses where is_active) as "warehouseIds",
        (select count(distinct x.operation_id)::int from stock_operation_lines x join materials m on m.id = x.material_id where m.code like 'BM-%') as operations,
        (select count(*)::int from stock_operation_lines x join materials m on m.id = x.material_id where m.code like 'BM-%') as lines,
        (select count(*)::int from stock_operation_lines x join stock_operations o on o.id = x.operation_id where o.vendor_invoice_ref = 'Açılış qalığı') as "openingLines",
        (select count(*)::int from stock_movements x join materials m on m.id = x.material_id where m.code like 'BM-%') as movements,
        (select count(*)::int from stock_levels x join materials m on m.id = x.material_id where m.code like 'BM-%') as levels,
        (select count(*)::int from inventories x join materials m on m.id = x.material_id where m.code like 'BM-%') as inventories,
        (select id from materials where code = 'BM-000001') as "hotMaterialId",
        (select count(*)::int from stock_movements where material_id = (select id from materials where code = 'BM-000001')) as "hotMovements"`),
  );
  return counts as unknown as GeneratedStock;
}
