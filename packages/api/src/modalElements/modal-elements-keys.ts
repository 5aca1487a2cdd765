import type { ModalElementKind } from '@servicedesk/contracts';

/** Query keys of the modal elements (vendor, contractor, tag, documentDestination). */
export const modalElementKeys = {
  all: ['modalElements'] as const,
  kind: (kind: ModalElementKind) => [...modalElementKeys.all, kind] as const,
  list: (kind: ModalElementKind, includeInactive: boolean) => [...modalElementKeys.kind(kind), { includeInactive }] as const,
};
