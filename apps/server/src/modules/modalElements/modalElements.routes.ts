import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createModalElementInput,
  modalElement,
  modalElementListParams,
  modalElementListQuery,
  modalElementListResponse,
  modalElementRef,
  updateModalElementInput,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import * as service from './modalElements.service';
import { recordRouteErrors } from '../../lib/routes';

const errors = recordRouteErrors;
/** Every write needs the reference-list management action (403 `forbidden` otherwise). */
const manage = { permission: 'admin.referenceLists.manage' } as const;

/**
 * Modal elements under /api/global (SPEC §7 "removeModalElement, updateModalElement,
 * createModalElement, activateModalElement: element fields or id plus modalElement kind";
 * DOMAIN.md "Modal elements"). `modalElement` is the list: vendor | contractor | tag |
 * documentDestination. Every answer is a ModalElement { id, modalElement, name, tin, phone,
 * address, isActive, createdBy, createdAt, updatedAt } (contracts modal-elements.ts).
 */
export async function modalElementRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /**
   * GET /api/global/getModalElements/{kind}?includeInactive=true&search=… → ModalElement[] by
   * name. Any signed-in user gets the active ones (pickers); includeInactive needs
   * `admin.referenceLists`. `search`: name contains (case and Azerbaijani accents ignored) or TIN
   * starts with.
   */
  app.get(
    '/getModalElements/:kind',
    {
      config: { permission: 'signedIn' },
      schema: { params: modalElementListParams, querystring: modalElementListQuery, response: { 200: modalElementListResponse, ...errors } },
    },
    async (request) =>
      service.listElements(deps, requireUser(request), request.params.kind, request.query.includeInactive ?? false, request.query.search),
  );

  /**
   * POST /api/global/createModalElement { modalElement, name, tin?, phone?, address? } → the new
   * element. 400 (tin not 10 digits; tin/phone/address on a tag or destination); 409
   * `duplicateName` (same name in the list, ignoring case and accents) | `duplicateTin`.
   */
  app.post('/createModalElement', { config: manage, schema: { body: createModalElementInput, response: { 200: modalElement, ...errors } } }, async (request) =>
    service.createElement(deps, requireUser(request), request.body),
  );

  /** POST /api/global/updateModalElement { modalElement, id, name, tin?, phone?, address? } → the element. 404; errors as create. */
  app.post('/updateModalElement', { config: manage, schema: { body: updateModalElementInput, response: { 200: modalElement, ...errors } } }, async (request) =>
    service.updateElement(deps, requireUser(request), request.body),
  );

  /** POST /api/global/removeModalElement { modalElement, id } → the element, inactive. 404; 422 `elementInUse` { count, sources }. */
  app.post('/removeModalElement', { config: manage, schema: { body: modalElementRef, response: { 200: modalElement, ...errors } } }, async (request) =>
    service.removeElement(deps, requireUser(request), request.body),
  );

  /** POST /api/global/activateModalElement { modalElement, id } → the element, active again. 404. */
  app.post('/activateModalElement', { config: manage, schema: { body: modalElementRef, response: { 200: modalElement, ...errors } } }, async (request) =>
    service.activateElement(deps, requireUser(request), request.body),
  );
}
