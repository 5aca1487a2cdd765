/*
 * The zod-free half of ../stock.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { InventoryAction, InventoryStatus } from '../stock';

/*
 * Stock (DOMAIN.md "Inventory", issue #13): material groups (a tree), materials, units (the
 * `unitOfMeasure` specodes), warehouses, the stock ledger (operations with lines: receipt, issue,
 * transfer, write-off, return, reversal), levels derived from the ledger with a moving average
 * cost, and inventories (assets). Every call lives under /api/stock. Quantities are decimal
 * numbers of the material's unit (at most 3 decimals); money is in MINOR currency units
 * (integers: qəpik for AZN); instants are ISO 8601 UTC strings.
 */

// ---------------------------------------------------------------------------------------------
// Quantities and money
// ---------------------------------------------------------------------------------------------

/** Largest quantity of one line or level (units of the material). */
export const STOCK_QUANTITY_MAX = 1_000_000_000;

/** Decimals a quantity may carry (grams of a kilogram, millilitres of a litre). */
export const STOCK_QUANTITY_DECIMALS = 3;

/** @internal shared with ../stock.ts */
export const hasAtMost3Decimals = (value: number) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6;

/** Largest money amount (minor units) a line or level holds: 10^15 (safe in a JS number). */
export const STOCK_MONEY_MAX = 1_000_000_000_000_000;

/** Rounds a quantity to {@link STOCK_QUANTITY_DECIMALS} decimals (the database's numeric scale). */
export const roundQuantity = (value: number): number => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// Material groups (a tree), units, materials
// ---------------------------------------------------------------------------------------------

/** The specode key of units of measure (GET /api/global/getSpecodesByKey/unitOfMeasure). */
export const UNIT_SPECODE_KEY = 'unitOfMeasure';

/** Deepest nesting of the material group tree (a root is depth 1). */
export const MATERIAL_GROUP_MAX_DEPTH = 5;

/** A material's code: letters, digits, `-`, `_`, `.`, `/`; 1–40 characters; unique (case-insensitive). */
export const MATERIAL_CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\-_./]{0,39}$/u;

// ---------------------------------------------------------------------------------------------
// Operations (the ledger)
// ---------------------------------------------------------------------------------------------

/**
 * What an operation does: `receipt` (from a vendor into a warehouse, with the vendor invoice
 * reference), `issue` (out of a warehouse to a person or a location), `transfer` (between two
 * warehouses), `writeOff` (out, reason required), `return` (back into a warehouse from a person
 * or location), `reversal` (undoes a posted operation line for line: posted operations are never
 * edited).
 */
export const STOCK_OPERATION_KINDS = ['receipt', 'issue', 'transfer', 'writeOff', 'return', 'reversal'] as const;

/** Operation number `ST-YYYY-NNNNNN`: per calendar year, gap-free from 000001. */
export const STOCK_OPERATION_NUMBER_PATTERN = /^ST-\d{4}-\d{6}$/;

/** Shortest write-off or reversal reason (characters, trimmed): SPEC §5 free-text rule. */
export const STOCK_REASON_MIN = 10;

// ---------------------------------------------------------------------------------------------
// Inventories (assets)
// ---------------------------------------------------------------------------------------------

/** An inventory's status (DOMAIN.md): in stock, assigned (to a holder), in repair, written off. */
export const INVENTORY_STATUSES = ['inStock', 'assigned', 'inRepair', 'writtenOff'] as const;

/**
 * What a person does to an inventory: `assign` (an issue operation to a person), `takeBack` (a
 * return operation into a warehouse), `writeOff` (a write-off operation, reason required; an
 * assigned one is taken back first), `sendToRepair` / `backFromRepair` (the asset stays on its
 * warehouse's books while in repair: a history row, no ledger movement).
 */
export const INVENTORY_ACTIONS = ['assign', 'takeBack', 'sendToRepair', 'backFromRepair', 'writeOff'] as const;

/** Inventory number `AST-NNNNNN` (assigned at receipt, never reused). */
export const INVENTORY_NUMBER_PATTERN = /^AST-\d{6}$/;

/** The inventory transitions: which action each status allows, and where it leads. */
export const INVENTORY_TRANSITIONS: Record<InventoryAction, { from: readonly InventoryStatus[]; to: InventoryStatus }> = {
  assign: { from: ['inStock'], to: 'assigned' },
  takeBack: { from: ['assigned'], to: 'inStock' },
  sendToRepair: { from: ['inStock'], to: 'inRepair' },
  backFromRepair: { from: ['inRepair'], to: 'inStock' },
  writeOff: { from: ['inStock', 'inRepair'], to: 'writtenOff' },
};

/** Most rows one materials import takes. */
export const MATERIAL_IMPORT_MAX_ROWS = 5000;
