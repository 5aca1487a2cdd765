import { and, asc, eq } from 'drizzle-orm';
import type { LocalizedNames, MaterialParameter } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { inventories, locations, materialGroups, materials, modalElements, users, warehouses } from '../../db/schema';
import { appendHistory } from '../../lib/records/history';
import { INVENTORY_RECORD_KIND } from './stock.kind';
import { postOperationInTx, reverseOperationInTx, type LedgerOperationInput } from './stock.ledger';

/*
 * Stock's demo data (DOMAIN.md "Demo data", issue #13 "materials in groups, three warehouses, a
 * year of operations, inventories in every status"): a group tree, a dozen materials, three
 * warehouses, and about a hundred operations over the last twelve months posted through the
 * ledger (so levels, valuation and inventory histories are what the ledger makes of them), one
 * of them reversed. Written only while the materials table is empty; inside the seed's
 * transaction.
 */

const n = (az: string, en: string, ru: string, tr: string): LocalizedNames => ({ az, en, ru, tr });
const p = (name: string, value: string): MaterialParameter => ({ name, value });

const groupSeeds: { code: string; parent: string | null; names: LocalizedNames }[] = [
  { code: 'it', parent: null, names: n('Kompüter texnikası', 'Computer equipment', 'Компьютерная техника', 'Bilgisayar donanımı') },
  { code: 'laptops', parent: 'it', names: n('Noutbuklar', 'Laptops', 'Ноутбуки', 'Dizüstü bilgisayarlar') },
  { code: 'monitors', parent: 'it', names: n('Monitorlar', 'Monitors', 'Мониторы', 'Monitörler') },
  { code: 'printing', parent: 'it', names: n('Çap texnikası', 'Printing', 'Печатная техника', 'Baskı ekipmanı') },
  { code: 'office', parent: null, names: n('Ofis ləvazimatı', 'Office supplies', 'Канцтовары', 'Ofis malzemeleri') },
  { code: 'paper', parent: 'office', names: n('Kağız məhsulları', 'Paper products', 'Бумажная продукция', 'Kağıt ürünleri') },
  { code: 'cables', parent: null, names: n('Kabel və aksesuarlar', 'Cables and accessories', 'Кабели и аксессуары', 'Kablo ve aksesuarlar') },
  { code: 'furniture', parent: null, names: n('Mebel', 'Furniture', 'Мебель', 'Mobilya') },
];

/** code, name, group, unit, tracked, minimum, unit cost (minor units, AZN qəpik), parameters. */
const materialSeeds: [string, string, string, string, boolean, number | null, number, MaterialParameter[]][] = [
  ['NB-DL5440', 'Noutbuk Dell Latitude 5440', 'laptops', 'pcs', true, 3, 185_000, [p('CPU', 'Intel Core i5-1345U'), p('RAM', '16 GB'), p('SSD', '512 GB')]],
  ['NB-HP840', 'Noutbuk HP EliteBook 840 G10', 'laptops', 'pcs', true, 2, 210_000, [p('CPU', 'Intel Core i7-1365U'), p('RAM', '32 GB')]],
  ['MN-P2423', 'Monitor Dell P2423 24"', 'monitors', 'pcs', true, 2, 42_000, [p('Diaqonal', '24"'), p('Panel', 'IPS')]],
  ['PR-M404', 'Printer HP LaserJet M404dn', 'printing', 'pcs', true, 1, 65_000, [p('Növ', 'Lazer, ağ-qara')]],
  ['TN-CF259', 'Kartric HP 59A (CF259A)', 'printing', 'pcs', false, 5, 18_500, []],
  ['PP-A4', 'A4 kağız, 500 vərəq', 'paper', 'box', false, 20, 1_250, [p('Sıxlıq', '80 q/m²')]],
  ['PP-A3', 'A3 kağız, 500 vərəq', 'paper', 'box', false, 4, 2_600, []],
  ['OF-PEN', 'Diyircəkli qələm, göy (50 əd.)', 'office', 'box', false, 5, 900, []],
  ['CB-UTP6', 'UTP Cat6 kabel', 'cables', 'm', false, 100, 95, [p('Kateqoriya', 'Cat6')]],
  ['CB-HDMI', 'HDMI kabel 2 m', 'cables', 'pcs', false, 10, 1_200, []],
  ['FR-CHAIR', 'Ofis kreslosu', 'furniture', 'pcs', true, null, 24_000, [p('Rəng', 'Qara')]],
  ['CL-LIQ', 'Təmizləyici maye', 'office', 'l', false, 10, 350, []],
];

/** Writes the demo stock while no material exists (see the module comment). */
export async function seedStock(tx: Db, now = new Date()): Promise<void> {
  const [any] = await tx.select({ id: materials.id }).from(materials).limit(1);
  if (any) return;

  const groupIds = new Map<string, number>();
  for (const [index, g] of groupSeeds.entries()) {
    const [existing] = await tx.select({ id: materialGroups.id }).from(materialGroups).where(eq(materialGroups.code, g.code));
    const id =
      existing?.id ??
      (await tx
        .insert(materialGroups)
        .values({ code: g.code, parentId: g.parent ? groupIds.get(g.parent)! : null, names: g.names, sortOrder: index })
        .returning({ id: materialGroups.id }))[0]!.id;
    groupIds.set(g.code, id);
  }
  const materialIds = new Map<string, { id: number; tracked: boolean; cost: number }>();
  for (const [code, name, group, unit, tracked, minLevel, cost, parameters] of materialSeeds) {
    const [row] = await tx
      .insert(materials)
      .values({ code, name, groupId: groupIds.get(group)!, unitCode: unit, tracksInventories: tracked, minLevel, parameters, createdAt: new Date(now.getTime() - 400 * 86_400_000) })
      .returning({ id: materials.id });
    materialIds.set(code, { id: row!.id, tracked, cost });
  }

  const people = await tx.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id));
  const userId = (email: string) => people.find((u) => u.email === email)?.id ?? null;
  const keeper = userId('warehouse@servicedesk.az');
  const actor = keeper;
  const locs = await tx.select().from(locations);
  const loc = (name: string) => locs.find((l) => l.name === name)?.id ?? null;
  const whIds: number[] = [];
  for (const [name, location, keeperId] of [
    ['Mərkəzi anbar', 'Baş ofis, Bakı', keeper],
    ['Sumqayıt anbarı', 'Sumqayıt anbarı', keeper],
    ['Gəncə filial anbarı', 'Gəncə filialı', null],
  ] as const) {
    const [existing] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.name, name));
    whIds.push(existing?.id ?? (await tx.insert(warehouses).values({ name, locationId: loc(location), keeperId }).returning({ id: warehouses.id }))[0]!.id);
  }
  const [main, sumqayit, ganja] = whIds as [number, number, number];
  const vendors = await tx.select({ id: modalElements.id }).from(modalElements).where(eq(modalElements.kind, 'vendor')).orderBy(asc(modalElements.id));
  if (vendors.length === 0) return;
  const employees = ['employee@servicedesk.az', 'lead@servicedesk.az', 'executor@servicedesk.az', 'director@servicedesk.az', 'accountant@servicedesk.az', 'clerk@servicedesk.az', 'lawyer@servicedesk.az']
    .map(userId)
    .filter((id): id is number => id !== null);

  // A deterministic "random" so every fresh start has the same demo.
  let seed = 13;
  const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const at = (monthsAgo: number, day: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, 6 + Math.floor(rand() * 8), Math.floor(rand() * 60)));
    return d.getTime() > now.getTime() ? new Date(now.getTime() - 3_600_000) : d;
  };
  const post = (op: Omit<LedgerOperationInput, 'operationDate'> & { operationDate: Date }) => postOperationInTx(tx, op, actor, op.operationDate);
  const mat = (code: string) => materialIds.get(code)!;
  /** The last hour: after every dated operation above (those in the future are moved to an hour ago). */
  const recent = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);

  for (let monthsAgo = 11; monthsAgo >= 0; monthsAgo--) {
    // Receipts into the main warehouse every month, into Sumqayıt every other month.
    const lines = [...materialIds.entries()]
      .filter(([code]) => (monthsAgo % 3 === 2 ? true : !mat(code).tracked || rand() < 0.4))
      .map(([, m]) => ({
        materialId: m.id,
        quantity: m.tracked ? 1 + Math.floor(rand() * 3) : 10 + Math.floor(rand() * 40),
        unitCost: Math.round(m.cost * (0.9 + rand() * 0.25)),
        serials: [] as string[],
      }));
    for (const line of lines) {
      if (mat([...materialIds.entries()].find(([, v]) => v.id === line.materialId)![0]).tracked) {
        line.serials = Array.from({ length: line.quantity }, () => `SN${Math.floor(rand() * 1e8).toString().padStart(8, '0')}`);
      }
    }
    await post({
      kind: 'receipt',
      operationDate: at(monthsAgo, 3),
      warehouseId: main,
      vendorId: vendors[monthsAgo % vendors.length]!.id,
      vendorInvoiceRef: `QF-${now.getUTCFullYear()}-${String(100 + (11 - monthsAgo) * 7).padStart(4, '0')}`,
      lines,
    });
    if (monthsAgo % 2 === 0) {
      await post({
        kind: 'receipt',
        operationDate: at(monthsAgo, 5),
        warehouseId: sumqayit,
        vendorId: vendors[(monthsAgo + 1) % vendors.length]!.id,
        vendorInvoiceRef: `OT-${String(300 + monthsAgo).padStart(4, '0')}`,
        lines: ['PP-A4', 'OF-PEN', 'CL-LIQ', 'CB-UTP6'].map((code) => ({ materialId: mat(code).id, quantity: 20 + Math.floor(rand() * 30), unitCost: Math.round(mat(code).cost * (0.95 + rand() * 0.2)) })),
      });
    }
    // Consumables issued to people during the month.
    for (let k = 0; k < 3; k++) {
      const who = employees[Math.floor(rand() * employees.length)]!;
      await post({
        kind: 'issue',
        operationDate: at(monthsAgo, 10 + k * 5),
        warehouseId: main,
        recipientUserId: who,
        lines: [
          { materialId: mat('PP-A4').id, quantity: 2 + Math.floor(rand() * 5) },
          { materialId: mat('OF-PEN').id, quantity: 1 },
        ],
      });
    }
    // A transfer to Ganja each quarter, and paper to Sumqayıt.
    if (monthsAgo % 3 === 1) {
      await post({
        kind: 'transfer',
        operationDate: at(monthsAgo, 20),
        warehouseId: main,
        toWarehouseId: ganja,
        lines: [
          { materialId: mat('PP-A4').id, quantity: 5 },
          { materialId: mat('TN-CF259').id, quantity: 1 },
          { materialId: mat('MN-P2423').id, quantity: 1 },
        ],
      });
    }
    if (monthsAgo % 4 === 2) {
      await post({
        kind: 'writeOff',
        operationDate: at(monthsAgo, 25),
        warehouseId: main,
        reason: 'Anbarda islanma, istifadəyə yararsızdır',
        lines: [{ materialId: mat('PP-A3').id, quantity: 1 }],
      });
    }
  }

  // Laptops and monitors assigned to people (status assigned), one returned, one in repair, one written off.
  const inStock = async (code: string, warehouseId: number) =>
    tx
      .select({ id: inventories.id })
      .from(inventories)
      .where(and(eq(inventories.materialId, mat(code).id), eq(inventories.warehouseId, warehouseId), eq(inventories.status, 'inStock')))
      .orderBy(asc(inventories.id));
  const laptops = await inStock('NB-DL5440', main);
  for (const [i, who] of employees.slice(0, Math.min(employees.length, laptops.length - 3)).entries()) {
    await post({ kind: 'issue', operationDate: recent(55 - i), warehouseId: main, recipientUserId: who, lines: [{ materialId: mat('NB-DL5440').id, quantity: 1, inventoryIds: [laptops[i]!.id] }] });
  }
  const monitors = await inStock('MN-P2423', main);
  if (monitors.length >= 3) {
    await post({ kind: 'issue', operationDate: recent(40), warehouseId: main, recipientUserId: employees[0]!, lines: [{ materialId: mat('MN-P2423').id, quantity: 1, inventoryIds: [monitors[0]!.id] }] });
    await post({ kind: 'return', operationDate: recent(35), warehouseId: main, recipientUserId: employees[0]!, lines: [{ materialId: mat('MN-P2423').id, quantity: 1, inventoryIds: [monitors[0]!.id] }] });
    await post({
      kind: 'writeOff',
      operationDate: recent(30),
      warehouseId: main,
      reason: 'Ekran matrisi yanıb, təmir sərfəli deyil',
      lines: [{ materialId: mat('MN-P2423').id, quantity: 1, inventoryIds: [monitors[1]!.id] }],
    });
    await tx.update(inventories).set({ status: 'inRepair', updatedAt: recent(25) }).where(eq(inventories.id, monitors[2]!.id));
    await appendHistory(tx, [
      { recordKind: INVENTORY_RECORD_KIND, recordId: monitors[2]!.id, action: 'sendToRepair', fromStatus: 'inStock', toStatus: 'inRepair', actorId: actor, comment: 'Təmir Servis MMC', details: { warehouseId: main, holderId: null }, createdAt: recent(25) },
    ]);
  }
  // A receipt entered twice by mistake, corrected by its reversal.
  const twice = await post({
    kind: 'receipt',
    operationDate: recent(20),
    warehouseId: sumqayit,
    vendorId: vendors[0]!.id,
    vendorInvoiceRef: 'QF-DUBL-1',
    lines: [{ materialId: mat('CB-HDMI').id, quantity: 10, unitCost: 1_150 }],
  });
  await reverseOperationInTx(tx, twice.id, 'Qaimə iki dəfə daxil edilib, səhv düzəldilir', actor, recent(15));
}
