import { http, HttpResponse } from 'msw';
import {
  counterpartyKinds,
  createModalElementInput,
  modalElementKind,
  modalElementRef,
  updateModalElementInput,
  type ModalElement,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import { modalElementsFixture } from './modalElements.fixtures';

/** Case- and accent-insensitive form of a name (the server's duplicate rule). */
const fold = (s: string) =>
  s
    .trim()
    .toLocaleLowerCase('az')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ə/g, 'e')
    .replace(/ı/g, 'i');

/**
 * MSW handlers of the modal-element calls with in-memory state like the server: lists sorted by
 * name, active only unless includeInactive; bodies checked by the contracts (TIN 10 digits,
 * counterparty fields only for vendor/contractor); 409 `duplicateName` (case and accents
 * ignored) and `duplicateTin`; remove is soft, activate undoes it. Create a fresh set per test.
 */
export function createModalElementsHandlers() {
  let items: ModalElement[] = modalElementsFixture.map((x) => ({ ...x }));
  let nextId = 100;

  const conflict = (candidate: { id?: number; modalElement: ModalElement['modalElement']; name: string; tin?: string | null }) => {
    if (items.some((x) => x.id !== candidate.id && x.modalElement === candidate.modalElement && fold(x.name) === fold(candidate.name))) {
      return errorResponse(409, 'duplicateName', 'An element of this list already has that name');
    }
    if (
      candidate.tin &&
      items.some((x) => x.id !== candidate.id && counterpartyKinds.includes(x.modalElement) && x.tin === candidate.tin)
    ) {
      return errorResponse(409, 'duplicateTin', 'Another counterparty has that TIN');
    }
    return null;
  };

  const setActive = async (request: Request, isActive: boolean) => {
    const parsed = modalElementRef.safeParse(await request.json());
    if (!parsed.success) return validationErrorResponse(parsed.error.issues);
    const item = items.find((x) => x.id === parsed.data.id && x.modalElement === parsed.data.modalElement);
    if (!item) return errorResponse(404, 'notFound', 'Not found');
    item.isActive = isActive;
    item.updatedAt = new Date().toISOString();
    return HttpResponse.json(item);
  };

  return [
    http.get(apiPath('/global/getModalElements/:kind'), ({ params, request }) => {
      const kind = modalElementKind.safeParse(params.kind);
      if (!kind.success) return validationErrorResponse(kind.error.issues);
      const all = new URL(request.url).searchParams.get('includeInactive') === 'true';
      return HttpResponse.json(
        items.filter((x) => x.modalElement === kind.data && (all || x.isActive)).sort((a, b) => a.name.localeCompare(b.name, 'az')),
      );
    }),
    http.post(apiPath('/global/createModalElement'), async ({ request }) => {
      const parsed = createModalElementInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const clash = conflict(parsed.data);
      if (clash) return clash;
      const now = new Date().toISOString();
      const item: ModalElement = {
        id: nextId++,
        modalElement: parsed.data.modalElement,
        name: parsed.data.name,
        tin: parsed.data.tin ?? null,
        phone: parsed.data.phone ?? null,
        address: parsed.data.address ?? null,
        isActive: true,
        createdBy: 'Aysel Məmmədova',
        createdAt: now,
        updatedAt: now,
      };
      items.push(item);
      return HttpResponse.json(item);
    }),
    http.post(apiPath('/global/updateModalElement'), async ({ request }) => {
      const parsed = updateModalElementInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const item = items.find((x) => x.id === parsed.data.id && x.modalElement === parsed.data.modalElement);
      if (!item) return errorResponse(404, 'notFound', 'Not found');
      const clash = conflict(parsed.data);
      if (clash) return clash;
      const next: ModalElement = {
        ...item,
        name: parsed.data.name,
        ...(parsed.data.tin !== undefined ? { tin: parsed.data.tin } : {}),
        ...(parsed.data.phone !== undefined ? { phone: parsed.data.phone } : {}),
        ...(parsed.data.address !== undefined ? { address: parsed.data.address } : {}),
        updatedAt: new Date().toISOString(),
      };
      items = items.map((x) => (x.id === item.id ? next : x));
      return HttpResponse.json(next);
    }),
    http.post(apiPath('/global/removeModalElement'), ({ request }) => setActive(request, false)),
    http.post(apiPath('/global/activateModalElement'), ({ request }) => setActive(request, true)),
  ];
}

/** A shared default set of the modal-element handlers. */
export const modalElementsHandlers = createModalElementsHandlers();
