import type { Inventory, Material, MaterialGroup, StockDashboard, StockLevel, StockReference, Warehouse } from '@servicedesk/contracts';

/*
 * Stock fixtures for stories and tests (issue #13): a small group tree, three materials (laptops
 * kept as inventories, paper, cable), two warehouses, levels and two inventories. Parsed by the
 * contracts in stock.handlers.ts' answers.
 */

const at = '2026-03-01T08:00:00.000Z';

export const materialGroupsFixture: MaterialGroup[] = [
  { id: 1, parentId: null, name: 'Kompüter texnikası', names: { az: 'Kompüter texnikası', en: 'Computer equipment' }, path: 'Kompüter texnikası', isActive: true, sortOrder: 0, materialCount: 0 },
  { id: 2, parentId: 1, name: 'Noutbuklar', names: { az: 'Noutbuklar', en: 'Laptops' }, path: 'Kompüter texnikası / Noutbuklar', isActive: true, sortOrder: 1, materialCount: 1 },
  { id: 3, parentId: null, name: 'Ofis ləvazimatı', names: { az: 'Ofis ləvazimatı', en: 'Office supplies' }, path: 'Ofis ləvazimatı', isActive: true, sortOrder: 2, materialCount: 2 },
];

const material = (id: number, code: string, name: string, groupId: number, unitCode: string, stock: number, extra: Partial<Material> = {}): Material => {
  const group = materialGroupsFixture.find((g) => g.id === groupId)!;
  return {
    id,
    code,
    name,
    groupId,
    groupName: group.name,
    groupPath: group.path,
    unitCode,
    unitName: unitCode === 'pcs' ? 'ədəd' : unitCode === 'box' ? 'qutu' : 'metr',
    parameters: [],
    tracksInventories: false,
    minLevel: null,
    isActive: true,
    stock,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
};

export const materialsFixture: Material[] = [
  material(1, 'NB-DL5440', 'Noutbuk Dell Latitude 5440', 2, 'pcs', 4, {
    tracksInventories: true,
    minLevel: 3,
    parameters: [
      { name: 'CPU', value: 'Intel Core i5' },
      { name: 'RAM', value: '16 GB' },
    ],
  }),
  material(2, 'PP-A4', 'A4 kağız, 500 vərəq', 3, 'box', 120, { minLevel: 20 }),
  material(3, 'CB-UTP6', 'UTP Cat6 kabel', 3, 'm', 0, { minLevel: 100 }),
];

export const warehousesFixture: Warehouse[] = [
  { id: 1, name: 'Mərkəzi anbar', locationId: 1, locationName: 'Baş ofis, Bakı', keeper: { id: 10, name: 'Səbinə Abbasova', imgPath: null }, isActive: true, materialCount: 2, stockValue: 890_000, createdAt: at },
  { id: 2, name: 'Sumqayıt anbarı', locationId: 3, locationName: 'Sumqayıt anbarı', keeper: { id: 10, name: 'Səbinə Abbasova', imgPath: null }, isActive: true, materialCount: 1, stockValue: 15_000, createdAt: at },
];

export const stockLevelsFixture: StockLevel[] = [
  { materialId: 1, materialCode: 'NB-DL5440', materialName: 'Noutbuk Dell Latitude 5440', unitCode: 'pcs', warehouseId: 1, warehouseName: 'Mərkəzi anbar', quantity: 4, value: 740_000, averageCost: 185_000, minLevel: 3, belowMinimum: false, updatedAt: at },
  { materialId: 2, materialCode: 'PP-A4', materialName: 'A4 kağız, 500 vərəq', unitCode: 'box', warehouseId: 1, warehouseName: 'Mərkəzi anbar', quantity: 120, value: 150_000, averageCost: 1250, minLevel: 20, belowMinimum: false, updatedAt: at },
];

export const inventoriesFixture: Inventory[] = [
  { id: 1, inventoryNumber: 'AST-000001', materialId: 1, materialCode: 'NB-DL5440', materialName: 'Noutbuk Dell Latitude 5440', serial: 'SN-001', parameters: [], status: 'inStock', warehouseId: 1, warehouseName: 'Mərkəzi anbar', holder: null, locationId: null, locationName: null, unitCost: 185_000, createdAt: at, updatedAt: at },
  { id: 2, inventoryNumber: 'AST-000002', materialId: 1, materialCode: 'NB-DL5440', materialName: 'Noutbuk Dell Latitude 5440', serial: 'SN-002', parameters: [], status: 'assigned', warehouseId: 1, warehouseName: 'Mərkəzi anbar', holder: { id: 2, name: 'Rəşad Əliyev', imgPath: null }, locationId: null, locationName: null, unitCost: 185_000, createdAt: at, updatedAt: at },
];

export const stockReferenceFixture: StockReference = {
  groups: materialGroupsFixture,
  warehouses: warehousesFixture.map((w) => ({ id: w.id, name: w.name, isActive: w.isActive, keeperId: w.keeper?.id ?? null })),
  units: [
    { code: 'pcs', name: 'ədəd' },
    { code: 'box', name: 'qutu' },
    { code: 'm', name: 'metr' },
  ],
};

export const stockDashboardFixture: StockDashboard = { myInventories: 1, belowMinimum: null };
