/*
 * The zod-free half of ../modal-elements.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { ModalElementKind } from '../modal-elements';
import type { z } from 'zod';

/*
 * Modal elements (DOMAIN.md "Modal elements", SPEC §3 "Modal element create, update, remove,
 * activate", §7 Global): small reference lists edited from modals — vendor, contractor, tag,
 * document destination. Every call names the list in `modalElement`.
 */

/** The lists (SPEC §7 "modalElement kind"). */
export const modalElementKinds = ['vendor', 'contractor', 'tag', 'documentDestination'] as const;

/** Kinds that are counterparties and carry a TIN, phone and address (DOMAIN.md "Contract"). */
export const counterpartyKinds: readonly ModalElementKind[] = ['vendor', 'contractor'];

/** Longest element name, in characters. */
export const MODAL_ELEMENT_NAME_MAX_LENGTH = 200;

/** A TIN (VÖEN): exactly 10 digits (DOMAIN.md "Contract"). */
export const TIN_LENGTH = 10;

/** tin/phone/address belong to counterparties only: sending them for a tag is a 400. @internal shared with ../modal-elements.ts */
export const counterpartyFieldsOnly = (value: { modalElement: ModalElementKind; tin?: unknown; phone?: unknown; address?: unknown }, ctx: z.RefinementCtx) => {
  if (counterpartyKinds.includes(value.modalElement)) return;
  for (const key of ['tin', 'phone', 'address'] as const) {
    if (value[key] !== undefined && value[key] !== null) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'counterpartyOnly' });
    }
  }
};
