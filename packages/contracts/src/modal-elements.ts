import { z } from 'zod';
import { id } from './validation';
import { modalElementKinds, MODAL_ELEMENT_NAME_MAX_LENGTH, counterpartyFieldsOnly } from './plain/modal-elements';
export { modalElementKinds, counterpartyKinds, MODAL_ELEMENT_NAME_MAX_LENGTH, TIN_LENGTH } from './plain/modal-elements';
export const modalElementKind = z.enum(modalElementKinds);
export type ModalElementKind = z.infer<typeof modalElementKind>;
export const tin = z.string().trim().regex(/^\d{10}$/, 'tin');

/**
 * An element as the list and every write answer it. `tin`, `phone`, `address` are null for tags
 * and destinations. `createdBy` is the author's name; instants are ISO 8601.
 */
export const modalElement = z.object({
  id: z.number().int(),
  modalElement: modalElementKind,
  name: z.string(),
  tin: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type ModalElement = z.infer<typeof modalElement>;

const fields = {
  modalElement: modalElementKind,
  name: z.string().trim().min(1).max(MODAL_ELEMENT_NAME_MAX_LENGTH),
  tin: tin.nullable().optional(),
  phone: z.string().trim().max(50).nullable().optional(),
  address: z.string().trim().max(500).nullable().optional(),
};

/**
 * POST /api/global/createModalElement payload → ModalElement (active). Errors: 400 validation
 * (`tin` must be 10 digits), 409 `duplicateName` (same name in that list, ignoring case and
 * accents), 409 `duplicateTin` (the TIN of another vendor or contractor), 403 `forbidden`.
 */
export const createModalElementInput = z.object(fields).superRefine(counterpartyFieldsOnly);
export type CreateModalElementInput = z.infer<typeof createModalElementInput>;

/** POST /api/global/updateModalElement payload → ModalElement; a field left out keeps its value. Errors as create, plus 404. */
export const updateModalElementInput = z
  .object({ ...fields, id })
  .superRefine(counterpartyFieldsOnly);
export type UpdateModalElementInput = z.infer<typeof updateModalElementInput>;

/**
 * POST /api/global/removeModalElement and /activateModalElement payload → ModalElement. Remove is
 * soft (isActive false; 422 `elementInUse` while a record references it); activate undoes it.
 */
export const modalElementRef = z.object({ modalElement: modalElementKind, id });
export type ModalElementRef = z.infer<typeof modalElementRef>;

/** GET /api/global/getModalElements/{kind} path parameters. */
export const modalElementListParams = z.object({ kind: modalElementKind });
/**
 * Its query: `includeInactive=true` lists removed ones too (needs `admin.referenceLists`);
 * `search` (select-search pickers, "vendor and contractor search") keeps elements whose name
 * contains it ignoring case and Azerbaijani accents, or whose TIN starts with it.
 */
export const modalElementListQuery = z.object({
  includeInactive: z.stringbool().optional(),
  search: z.string().max(100).optional(),
});
/** Its answer: the list's elements sorted by name (active only unless includeInactive). */
export const modalElementListResponse = z.array(modalElement);
