import { count, inArray, sql } from 'drizzle-orm';
import type { BudgetCategory, EquipmentLineInput } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import {
  approvalDelegations,
  equipmentBudgets,
  equipmentRequests,
  groups,
  materials,
  users,
  warehouses,
} from '../../db/schema';
import { decide } from '../../lib/approvals/engine';
import { approvalKindOf } from '../../lib/approvals/registry';
import { numberingYear } from '../../lib/records/numbering';
import type { AppDeps, AuthUser } from '../../types';
import { mayProcessRequest, mayViewRequest, registerEquipmentAccess } from './equipment.access';
import { registerEquipmentApproval } from './equipment.approval';
import { EQUIPMENT_RECORD_KIND } from './equipment.kind';
import * as service from './equipment.service';

/*
 * Equipment's demo data (DOMAIN.md "Demo data", issue #12): budget lines for this year and
 * requests in every lasting status — DRAFT, IN_APPROVAL (at the director, at the visa pool, one
 * entered on behalf of an employee), APPROVED (one over budget by the director's override, one
 * whose visa-pool step a substitute decided: DELEGATED), PROCESSED, REJECTED, RETURNED,
 * CANCELLED (SUBMITTED lasts no time: the engine starts the chain at once). Driven through the
 * module's own service and the approval engine inside the seed's transaction, so history rows,
 * steps and notifications are what the app writes. Written only while the table is empty.
 */

/** Budget lines of the demo year: group name, category, planned amount (minor units). */
const budgetSeeds: { group: string; category: BudgetCategory; planned: number }[] = [
  { group: 'İT dəstəyi', category: 'itEquipment', planned: 2_500_000 },
  { group: 'İT dəstəyi', category: 'officeSupplies', planned: 300_000 },
  { group: 'Anbar', category: 'tools', planned: 800_000 },
  { group: 'Maliyyə', category: 'officeFurniture', planned: 1_200_000 },
  { group: 'Hüquq', category: 'officeSupplies', planned: 200_000 },
  // The demo employee is in Hüquq: their requests are charged to its lines (the budget rule).
  { group: 'Hüquq', category: 'itEquipment', planned: 1_500_000 },
  { group: 'Hüquq', category: 'officeFurniture', planned: 600_000 },
  { group: 'Hüquq', category: 'tools', planned: 300_000 },
];

const line = (
  description: string,
  quantity: number,
  unitPrice: number,
  unit = 'pcs',
  materialId?: number,
): EquipmentLineInput => ({
  description,
  quantity,
  unit,
  unitPrice,
  ...(materialId !== undefined ? { materialId } : {}),
});
const DAY = 24 * 3_600_000;

/** Seeds the budgets and requests (idempotent). Answers how many requests it wrote. */
export async function seedEquipment(tx: Db, now = new Date()): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(equipmentRequests);
  if ((existing?.n ?? 0) > 0) return 0;
  // The routes register these at start; the seed runs before them (db/prepare.ts).
  registerEquipmentAccess();
  if (!approvalKindOf(EQUIPMENT_RECORD_KIND))
    registerEquipmentApproval({
      afterChange: async () => undefined,
      mayView: mayViewRequest,
      mayProcess: mayProcessRequest,
    });

  const year = numberingYear(now);
  const groupIds = new Map(
    (await tx.select({ id: groups.id, name: groups.name }).from(groups)).map((g) => [g.name, g.id]),
  );
  const budgetId = new Map<string, number>();
  for (const b of budgetSeeds) {
    const groupId = groupIds.get(b.group);
    if (groupId === undefined) continue;
    const [row] = await tx
      .insert(equipmentBudgets)
      .values({ groupId, year, category: b.category, planned: b.planned })
      .onConflictDoNothing()
      .returning();
    if (row) budgetId.set(`${b.group}/${b.category}`, row.id);
  }
  const emails = [
    'employee',
    'lead',
    'executor',
    'director',
    'visapool',
    'lawyer',
    'warehouse',
  ].map((p) => `${p}@servicedesk.az`);
  const found = await tx
    .select({ id: users.id, email: users.email, userTypeId: users.userTypeId })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const who = (p: string): AuthUser => {
    const u = found.find((x) => x.email.toLowerCase() === `${p}@servicedesk.az`);
    if (!u) throw new Error(`equipment seed: no demo user ${p}`);
    return { id: u.id, email: u.email, userTypeId: u.userTypeId };
  };
  if (found.length < emails.length || budgetId.size === 0) return 0;
  // The service's work runs on the seed's transaction (its own transactions become savepoints).
  const deps = { db: tx } as unknown as AppDeps;
  const [employee, lead, executor, director, visaPool, lawyer, keeper] = [
    'employee',
    'lead',
    'executor',
    'director',
    'visapool',
    'lawyer',
    'warehouse',
  ].map(who) as [AuthUser, AuthUser, AuthUser, AuthUser, AuthUser, AuthUser, AuthUser];
  const it = budgetId.get('İT dəstəyi/itEquipment') ?? null;
  const supplies = budgetId.get('İT dəstəyi/officeSupplies') ?? null;
  // The employee's requests: their group's (Hüquq) lines.
  const legalIt = budgetId.get('Hüquq/itEquipment') ?? null;
  const legalFurniture = budgetId.get('Hüquq/officeFurniture') ?? null;
  const legalTools = budgetId.get('Hüquq/tools') ?? null;

  let written = 0;
  const create = async (
    author: AuthUser,
    at: Date,
    budget: number | null,
    justification: string,
    lines: EquipmentLineInput[],
    extra: { requesterId?: number; submit?: boolean } = {},
  ) => {
    written += 1;
    const detail = await service.saveRequest(
      deps,
      author,
      {
        budgetId: budget,
        justification,
        lines: lines.map((l) => ({ ...l, unit: l.unit ?? 'pcs' })),
        fileIds: [],
        submit: extra.submit ?? true,
        requesterId: extra.requesterId,
      },
      undefined,
      at,
    );
    return detail.request.id;
  };
  const at = (daysAgo: number, hours = 0) =>
    new Date(now.getTime() - daysAgo * DAY + hours * 3_600_000);
  const approve = (
    user: AuthUser,
    id: number,
    step: 'director' | 'visaPool',
    when: Date,
    overrideBudget = false,
  ) =>
    service.decideStep(
      deps,
      user,
      id,
      step,
      { decision: 'approve', overrideBudget },
      undefined,
      when,
    );

  // DRAFT
  await create(
    employee,
    at(1),
    legalIt,
    'Mühasibatlıq şöbəsində ikinci monitor iş sürətini artıracaq.',
    [line('Monitor Dell P2422H', 2, 42_000)],
    { submit: false },
  );
  // IN_APPROVAL at the director
  await create(employee, at(2), legalIt, 'Köhnə noutbuk 6 ildir istifadədədir, batareyası saxlamır.', [
    line('Noutbuk Lenovo ThinkPad T14', 1, 280_000),
  ]);
  // IN_APPROVAL at the director, entered by the lead on behalf of an employee (in Russian)
  await create(
    lead,
    at(2, 3),
    legalIt,
    'Сотруднику нужна гарнитура для видеозвонков с клиентами.',
    [line('Гарнитура Jabra Evolve2 40', 2, 18_000)],
    { requesterId: employee.id },
  );
  // IN_APPROVAL at the visa pool
  const switchId = await create(
    executor,
    at(4),
    it,
    'The server room needs a second switch for the new office floor.',
    [line('Network switch 24 ports', 1, 95_000), line('Patch cord Cat6, 2 m', 20, 600)],
  );
  await approve(director, switchId, 'director', at(3));
  // APPROVED, waiting for the warehouse
  const kitId = await create(lead, at(6), supplies, 'Yeni işçilər üçün periferiya dəstləri.', [
    line('Klaviatura və siçan dəsti', 5, 6_000, 'set'),
    line('Veb-kamera Logitech C920', 3, 12_000),
  ]);
  await approve(director, kitId, 'director', at(5));
  await approve(visaPool, kitId, 'visaPool', at(4, 2));
  // APPROVED, the visa pool's step decided by its substitute (the lawyer, while the visa pool was on leave): DELEGATED
  const chairsId = await create(
    employee,
    at(12),
    legalFurniture,
    'Toplantı otağı için ergonomik sandalyeler gerekiyor.',
    [line('Ergonomik ofis kreslosu', 4, 35_000)],
  );
  await approve(director, chairsId, 'director', at(11));
  await tx.insert(approvalDelegations).values({
    userId: visaPool.id,
    substituteId: lawyer.id,
    startsAt: at(10),
    endsAt: at(6),
    reason: 'Məzuniyyət',
    createdById: visaPool.id,
    createdAt: at(10),
  });
  // Straight through the engine: the record rule asks about substitutes at the real "now", when this leave is over.
  await decide(deps, lawyer, EQUIPMENT_RECORD_KIND, chairsId, 'approve', undefined, at(9));
  // APPROVED over budget: the director's explicit override (officeSupplies has 3,000 AZN; this is 3,600)
  const laminatorId = await create(
    executor,
    at(8),
    supplies,
    'Sənədlərin arxivləşdirilməsi üçün laminator və kəsici lazımdır.',
    [line('Laminator A3', 2, 120_000), line('Kağız kəsici', 2, 60_000)],
  );
  await approve(director, laminatorId, 'director', at(7), true);
  await approve(visaPool, laminatorId, 'visaPool', at(7, 4));
  // PROCESSED: the catalogue's cartridges issued from the main warehouse (stock's issue operation), the paper cancelled with its reason
  const material = new Map(
    (await tx.select({ id: materials.id, code: materials.code }).from(materials)).map((m) => [
      m.code,
      m.id,
    ]),
  );
  const [main] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .orderBy(warehouses.id)
    .limit(1);
  const cartridgeId = await create(
    employee,
    at(20),
    legalTools,
    'Printer kartricləri və kağız ehtiyatı bitib.',
    [
      line('Kartric HP 59A (CF259A)', 2, 18_500, 'pcs', material.get('TN-CF259')),
      line('A3 kağız, 500 vərəq', 10, 2_600, 'box', material.get('PP-A3')),
    ],
  );
  await approve(director, cartridgeId, 'director', at(19));
  await approve(visaPool, cartridgeId, 'visaPool', at(18));
  const cartridge = await service.getDetail(deps, keeper, cartridgeId);
  await service.processLines(
    deps,
    keeper,
    cartridgeId,
    {
      lines: [
        main && material.has('TN-CF259')
          ? {
              lineId: cartridge.request.lines[0]!.id,
              decision: 'issue',
              warehouseId: main.id,
              note: 'Anbardan verildi',
            }
          : { lineId: cartridge.request.lines[0]!.id, decision: 'purchase' },
        {
          lineId: cartridge.request.lines[1]!.id,
          decision: 'cancel',
          note: 'A3 kağız artıq şöbənin ehtiyatında var',
        },
      ],
    },
    undefined,
    at(17),
  );
  // REJECTED by the director
  const gamingId = await create(
    employee,
    at(15),
    legalIt,
    'Dizayn işləri üçün güclü noutbuk istəyirəm.',
    [line('Oyun noutbuku ASUS ROG', 1, 450_000)],
  );
  await service.decideStep(
    deps,
    director,
    gamingId,
    'director',
    {
      decision: 'reject',
      comment: 'Bu model iş tapşırıqları üçün lazım deyil.',
      overrideBudget: false,
    },
    undefined,
    at(14),
  );
  // RETURNED by the visa pool for a quote
  const tabletId = await create(employee, at(5), legalIt, 'Sahə işləri üçün planşet lazımdır.', [
    line('Planşet Samsung Galaxy Tab S9', 1, 160_000),
  ]);
  await approve(director, tabletId, 'director', at(4));
  await service.decideStep(
    deps,
    visaPool,
    tabletId,
    'visaPool',
    {
      decision: 'return',
      comment: 'Zəhmət olmasa qiymət təklifini əlavə edin.',
      overrideBudget: false,
    },
    undefined,
    at(3),
  );
  // CANCELLED by its author
  const projectorId = await create(employee, at(9), legalIt, 'Toplantılar üçün proyektor.', [
    line('Proyektor Epson EB-W51', 1, 110_000),
  ]);
  await service.cancelRequest(
    deps,
    employee,
    projectorId,
    'Artıq lazım deyil, otaqda ekran var.',
    undefined,
    at(8),
  );
  return written;
}
