import { normalizeForSearch } from '@servicedesk/i18n/normalize';
import {
  counterpartyKinds,
  type CreateModalElementInput,
  type ModalElement,
  type ModalElementKind,
  type ModalElementRef,
  type UpdateModalElementInput,
} from '@servicedesk/contracts';
import * as access from '../../lib/access';
import { AppError, domainRule } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './modalElements.repository';

/*
 * Modal elements (DOMAIN.md "Modal elements"; SPEC §7 create/update/remove/activateModalElement):
 * vendor, contractor, tag, document destination in one table (see db/schema/modal-elements.ts
 * for why). Names are unique per kind ignoring case and Azerbaijani accents; a TIN is unique
 * across vendors and contractors. Remove is soft and refused while a record uses the element —
 * modules tell this service how to count their uses with registerModalElementUsage.
 */

/** Counts the records of one module that use element `id` (e.g. contracts whose counterparty it is). */
export type UsageCounter = (deps: AppDeps, id: number) => Promise<number>;

const usageCounters = new Map<ModalElementKind, Map<string, UsageCounter>>();

/**
 * Lets a module refuse the removal of elements its records use:
 * `registerModalElementUsage('vendor', 'vendorInvoices', (deps, id) => countInvoicesOfVendor(deps.db, id))`.
 * `source` names the using module (shown in the 422 details); registering it again replaces it.
 */
export function registerModalElementUsage(kind: ModalElementKind, source: string, counter: UsageCounter): void {
  const forKind = usageCounters.get(kind) ?? new Map<string, UsageCounter>();
  forKind.set(source, counter);
  usageCounters.set(kind, forKind);
}

const toElement = (row: repo.ModalElementWithAuthor): ModalElement => ({
  id: row.id,
  modalElement: row.kind,
  name: row.name,
  tin: row.tin,
  phone: row.phone,
  address: row.address,
  isActive: row.isActive,
  createdBy: row.createdByName,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A name as stored: runs of whitespace made one space (the contract already trimmed it). */
const tidy = (name: string) => name.replace(/\s+/g, ' ');

const notFound = (kind: ModalElementKind) => new AppError(404, 'notFound', `No such ${kind}.`);

async function load(deps: AppDeps, kind: ModalElementKind, id: number): Promise<repo.ModalElementWithAuthor> {
  const row = await repo.findOne(deps.db, kind, id);
  if (!row) throw notFound(kind);
  return row;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** 409 `duplicateName` / `duplicateTin` when another element already has them. */
async function refuseDuplicates(deps: AppDeps, kind: ModalElementKind, name: string, tin: string | null, exceptId?: number): Promise<void> {
  const same = await repo.findByNameKey(deps.db, kind, normalizeForSearch(name), exceptId);
  if (same) {
    throw new AppError(409, 'duplicateName', `"${same.name}" already exists in this list.`, { id: same.id, name: same.name });
  }
  if (tin) {
    const holder = await repo.findByTin(deps.db, counterpartyKinds, tin, exceptId);
    if (holder) {
      throw new AppError(409, 'duplicateTin', `The TIN ${tin} already belongs to "${holder.name}".`, {
        id: holder.id,
        modalElement: holder.kind,
        name: holder.name,
      });
    }
  }
}

/**
 * The elements of a list by name: active ones, or all with `includeInactive` — which needs
 * `admin.referenceLists` (403 `forbidden` otherwise; pickers only ever need the active ones).
 * `search` keeps names containing it (case and Azerbaijani accents ignored) and TINs starting with it.
 */
export async function listElements(
  deps: AppDeps,
  user: AuthUser,
  kind: ModalElementKind,
  includeInactive: boolean,
  search?: string,
): Promise<ModalElement[]> {
  if (includeInactive) await access.require(deps, user, 'admin.referenceLists');
  return (await repo.listOf(deps.db, kind, includeInactive, normalizeForSearch(search))).map(toElement);
}

/** Creates an active element (duplicates refused, see refuseDuplicates) → it. */
export async function createElement(deps: AppDeps, user: AuthUser, input: CreateModalElementInput): Promise<ModalElement> {
  const counterparty = counterpartyKinds.includes(input.modalElement);
  const tin = counterparty ? (input.tin ?? null) : null;
  const name = tidy(input.name);
  await refuseDuplicates(deps, input.modalElement, name, tin);
  try {
    const id = await repo.insert(deps.db, {
      kind: input.modalElement,
      name,
      nameKey: normalizeForSearch(name),
      tin,
      phone: counterparty ? (input.phone ?? null) : null,
      address: counterparty ? (input.address ?? null) : null,
      createdBy: user.id,
      updatedBy: user.id,
    });
    return toElement(await load(deps, input.modalElement, id));
  } catch (error) {
    // Two admins adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicateName', `"${name}" already exists in this list.`);
    throw error;
  }
}

/** Renames / edits an element of that list (404 otherwise); tin/phone/address left out keep their value, null clears. */
export async function updateElement(deps: AppDeps, user: AuthUser, input: UpdateModalElementInput): Promise<ModalElement> {
  const row = await load(deps, input.modalElement, input.id);
  const counterparty = counterpartyKinds.includes(input.modalElement);
  const tin = counterparty ? (input.tin === undefined ? row.tin : input.tin) : null;
  const name = tidy(input.name);
  await refuseDuplicates(deps, input.modalElement, name, tin, row.id);
  try {
    await repo.update(deps.db, row.id, {
      name,
      nameKey: normalizeForSearch(name),
      tin,
      phone: counterparty ? (input.phone === undefined ? row.phone : input.phone) : null,
      address: counterparty ? (input.address === undefined ? row.address : input.address) : null,
      updatedBy: user.id,
      updatedAt: new Date(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicateName', `"${name}" already exists in this list.`);
    throw error;
  }
  return toElement(await load(deps, input.modalElement, row.id));
}

/**
 * Removes an element (soft: isActive false; pickers stop offering it, records keep it) → it.
 * 422 `elementInUse` (details { count, sources }) while a module counts uses of it; removing an
 * inactive one is a no-op.
 */
export async function removeElement(deps: AppDeps, user: AuthUser, ref: ModalElementRef): Promise<ModalElement> {
  const row = await load(deps, ref.modalElement, ref.id);
  if (!row.isActive) return toElement(row);
  const sources: Record<string, number> = {};
  let count = 0;
  for (const [source, counter] of usageCounters.get(ref.modalElement) ?? []) {
    const n = await counter(deps, row.id);
    if (n > 0) {
      sources[source] = n;
      count += n;
    }
  }
  if (count > 0) {
    throw domainRule('elementInUse', `"${row.name}" is used by ${count} record(s) and cannot be removed.`, { count, sources });
  }
  await repo.update(deps.db, row.id, { isActive: false, updatedBy: user.id, updatedAt: new Date() });
  return toElement(await load(deps, ref.modalElement, row.id));
}

/** Makes a removed element active again → it (a no-op for an active one). */
export async function activateElement(deps: AppDeps, user: AuthUser, ref: ModalElementRef): Promise<ModalElement> {
  const row = await load(deps, ref.modalElement, ref.id);
  if (!row.isActive) await repo.update(deps.db, row.id, { isActive: true, updatedBy: user.id, updatedAt: new Date() });
  return toElement(await load(deps, ref.modalElement, row.id));
}

/**
 * Another counterparty among `kinds` (vendors, contractors…) that holds this TIN — `{ id, kind,
 * name }` — or undefined; `exceptId` leaves out the element being edited. For other modules'
 * TIN checks (contracts' live check as the user types).
 */
export async function findCounterpartyByTin(deps: AppDeps, kinds: readonly ModalElementKind[], tin: string, exceptId?: number) {
  return repo.findByTin(deps.db, kinds, tin, exceptId);
}
