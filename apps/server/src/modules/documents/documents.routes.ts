import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDocumentCommentInput,
  addVersionInput,
  binItemParams,
  binResponse,
  createFolderInput,
  documentDetail,
  documentDiff,
  documentDiffQuery,
  documentFolder,
  documentIdParams,
  documentListQuery,
  documentListResponse,
  documentPreviewHtml,
  documentVersionParams,
  folderIdParams,
  folderPermissions,
  folderPrincipalsResponse,
  folderTreeResponse,
  linkRegistryEntryInput,
  moveDocumentInput,
  okResponse,
  recordComment,
  registryDecisionInput,
  registryDetail,
  registryIdParams,
  registryListQuery,
  registryListResponse,
  restoreResponse,
  routeDocumentInput,
  saveDocumentInput,
  saveRegistryEntryInput,
  setFolderPermissionsInput,
  updateFolderInput,
  voidRegistryEntryInput,
  type DocumentListResponse,
  type RegistryListResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { contentDisposition } from '../../lib/content-disposition';
import * as bin from './documents.bin';
import * as folders from './documents.folders';
import * as registry from './documents.registry';
import * as detail from './documents.detail';
import * as service from './documents.service';
import { recordRouteErrors, registerDecisionRoutes, requestLanguage } from '../../lib/routes';
import { recordListCache } from '../../lib/lists/list-cache';
import { DOCUMENT_FOLDERS_CHANGE_KIND, DOCUMENT_KIND, REGISTRY_KIND } from './documents.kind';
import { readableFoldersSize } from './documents.permissions';

const errors = recordRouteErrors;
const lang = requestLanguage;
const READ = { permission: 'documents.circulation' };
const WRITE = { permission: 'documents.circulation.create' };
/**
 * Reading one document: every signed-in user gets through the guard, the service decides
 * (documents.access.ts loadReadable) — holders of documents.circulation by their folder level, anyone
 * while the document is routed to them (an employee whose type has no document circulation too).
 */
const READ_ONE = { permission: 'signedIn' };

/**
 * /api/documents/* (issue #15; SPEC §7 "document circulation, recycle bin, registry (save,
 * callback, approve/reject)"). Every route names its action key; the folder permission (read,
 * write, manage — documents.permissions.ts) is checked in the services on every call, so a caller
 * without it gets 404 for what they may not see and 403 `folderPermission` for what they may see
 * but not change. Also registers the record rule, the file access of versions, the two approval
 * kinds, the recycle-bin purge job and the grid's page cache (lib/lists/list-cache.ts, kept
 * HELPDESK_LIST_CACHE_MS as the other grids'): dropped on every change of a document, of a folder or
 * its permissions, of a registry entry (its number shows in the rows) — here or on another instance.
 */
export async function documentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  service.registerDocumentKinds();
  registry.registerRegistryKind();
  bin.scheduleBinPurge(fastify);
  const { cache: listCache, stop } = recordListCache(deps, [DOCUMENT_KIND, DOCUMENT_FOLDERS_CHANGE_KIND, REGISTRY_KIND], deps.config.helpdeskListCacheMs);
  // What each caller may read (their levels on the folders), kept as the pages are: dropped on
  // every folder or permission change (bench/documents: a fifth of a search's cost).
  const levels = recordListCache(deps, DOCUMENT_FOLDERS_CHANGE_KIND, deps.config.helpdeskListCacheMs, { sizeOf: readableFoldersSize, maxBytes: 4 * 1024 * 1024 });
  fastify.addHook('onClose', async () => {
    stop();
    levels.stop();
  });

  // --- Folders ---------------------------------------------------------------------------------

  /** GET /api/documents/folders → { folders (the caller may read, with their level), canCreateRoot }. */
  app.get('/folders', { config: READ, schema: { response: { 200: folderTreeResponse, ...errors } } }, async (request) => folders.folderTree(deps, requireUser(request)));

  /** POST /api/documents/folders { parentId, name } → the folder; SPEC §5 name rule (400 with the flags); 409 `folderNameTaken`; write on the parent. */
  app.post('/folders', { config: READ, schema: { body: createFolderInput, response: { 200: documentFolder, ...errors } } }, async (request) =>
    folders.createFolder(deps, requireUser(request), request.body),
  );

  /** PUT /api/documents/folders/{id} { name?, parentId? } → the folder: rename / move (manage); 422 `folderCycle`. */
  app.put('/folders/:id', { config: READ, schema: { params: folderIdParams, body: updateFolderInput, response: { 200: documentFolder, ...errors } } }, async (request) =>
    folders.updateFolder(deps, requireUser(request), request.params.id, request.body),
  );

  /** DELETE /api/documents/folders/{id} → { ok }: to the recycle bin (manage). */
  app.delete('/folders/:id', { config: READ, schema: { params: folderIdParams, response: { 200: okResponse, ...errors } } }, async (request) => {
    await folders.deleteFolder(deps, requireUser(request), request.params.id);
    return { ok: true as const };
  });

  /** GET /api/documents/folders/{id}/permissions → { inherit, entries (own and inherited) } (read). */
  app.get('/folders/:id/permissions', { config: READ, schema: { params: folderIdParams, response: { 200: folderPermissions, ...errors } } }, async (request) =>
    folders.getPermissions(deps, requireUser(request), request.params.id),
  );

  /** PUT /api/documents/folders/{id}/permissions { inherit, entries } → the permissions (manage); 422 `unknownPrincipal`; 403 `ownManage`. */
  app.put(
    '/folders/:id/permissions',
    { config: READ, schema: { params: folderIdParams, body: setFolderPermissionsInput, response: { 200: folderPermissions, ...errors } } },
    async (request) => folders.setPermissions(deps, requireUser(request), request.params.id, request.body),
  );

  /** GET /api/documents/principals → users, user types and groups a permission may name. */
  app.get('/principals', { config: READ, schema: { response: { 200: folderPrincipalsResponse, ...errors } } }, async () => folders.principals(deps));

  // --- Documents -------------------------------------------------------------------------------

  /** POST /api/documents/grid DocumentListQuery → { rows, total, totalCapped } (JSON written by the database): the lists, a folder, full-text search. */
  app.post('/grid', { config: READ, schema: { body: documentListQuery, response: { 200: documentListResponse, ...errors } } }, async (request, reply) => {
    const json = await service.listDocuments(deps, requireUser(request), request.body, lang(request), new Date(), undefined, listCache, levels.cache);
    return reply.type('application/json; charset=utf-8').send(json as unknown as DocumentListResponse);
  });

  /** POST /api/documents/save SaveDocumentInput → DocumentDetail: create or edit (write on the folder); `fileId` adds a version. */
  app.post('/save', { config: WRITE, schema: { body: saveDocumentInput, response: { 200: documentDetail, ...errors } } }, async (request) =>
    service.saveDocument(deps, requireUser(request), request.body, lang(request), new Date(), request.log),
  );

  /**
   * GET /api/documents/{id} → DocumentDetail (read: the folder level, or routed to the caller while
   * it is routed); 404 unknown or in the bin; 403 `folderPermission` / `userTypeLacks`.
   */
  app.get('/:id', { config: READ_ONE, schema: { params: documentIdParams, response: { 200: documentDetail, ...errors } } }, async (request) =>
    service.getDetail(deps, requireUser(request), request.params.id, lang(request)),
  );

  /** POST /api/documents/{id}/versions { fileId } → DocumentDetail: the next version (write); an approved document goes back to approval. */
  app.post('/:id/versions', { config: WRITE, schema: { params: documentIdParams, body: addVersionInput, response: { 200: documentDetail, ...errors } } }, async (request) =>
    service.addVersion(deps, requireUser(request), request.params.id, request.body.fileId, lang(request), new Date(), request.log),
  );

  /** GET /api/documents/{id}/versions/{versionNo}/download → the version's bytes (read, as GET /{id}; 403/404 otherwise). */
  app.get(
    '/:id/versions/:versionNo/download',
    {
      config: { ...READ_ONE, openapi: { response: { 200: { description: 'The bytes of the version', content: { 'application/octet-stream': { schema: z.file() } } } } } },
      schema: { params: documentVersionParams },
    },
    async (request, reply) => {
      const { file, stream } = await service.openVersion(deps, requireUser(request), request.params.id, request.params.versionNo);
      return reply
        .type(file.mime)
        .header('content-length', file.sizeBytes)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  /**
   * GET /api/documents/{id}/versions/{versionNo}/html → { versionNo, html }: a DOCX version as HTML
   * for the preview (read, as GET /{id}; not sanitised — the web sanitises it); 422 `noPreview`
   * (no DOCX, or unreadable within the extraction limits); 404 unknown version.
   */
  app.get('/:id/versions/:versionNo/html', { config: READ_ONE, schema: { params: documentVersionParams, response: { 200: documentPreviewHtml, ...errors } } }, async (request) =>
    detail.previewHtml(deps, requireUser(request), request.params.id, request.params.versionNo),
  );

  /** GET /api/documents/{id}/diff?from&to → the line diff of two versions' text (read, as GET /{id}); 422 `noTextToCompare`. */
  app.get('/:id/diff', { config: READ_ONE, schema: { params: documentIdParams, querystring: documentDiffQuery, response: { 200: documentDiff, ...errors } } }, async (request) =>
    service.diffVersions(deps, requireUser(request), request.params.id, request.query.from, request.query.to),
  );

  /**
   * POST /api/documents/{id}/route { steps: [{ purpose: visa|approval, userIds (1–20), mode: all|any }] (1–10, in order) }
   * → DocumentDetail: for visa / approval on the engine, step after step (write); 422
   * `documentHasNoFile`, `selfRouting` (a step names the caller or the author), `noApprover`, `invalidTransition`.
   */
  app.post('/:id/route', { config: WRITE, schema: { params: documentIdParams, body: routeDocumentInput, response: { 200: documentDetail, ...errors } } }, async (request) =>
    service.routeDocument(deps, requireUser(request), request.params.id, request.body, lang(request), new Date(), request.log),
  );

  /** POST /api/documents/{id}/move { folderId } → DocumentDetail (write on both folders). */
  app.post('/:id/move', { config: WRITE, schema: { params: documentIdParams, body: moveDocumentInput, response: { 200: documentDetail, ...errors } } }, async (request) =>
    service.moveDocument(deps, requireUser(request), request.params.id, request.body.folderId, lang(request)),
  );

  /** DELETE /api/documents/{id} → { ok }: to the recycle bin (write on its folder). */
  app.delete('/:id', { config: WRITE, schema: { params: documentIdParams, response: { 200: okResponse, ...errors } } }, async (request) => {
    await service.deleteDocument(deps, requireUser(request), request.params.id);
    return { ok: true as const };
  });

  /** POST /api/documents/{id}/comments { text, mentionedUserIds } → the comment (read, as GET /{id}). */
  app.post('/:id/comments', { config: READ_ONE, schema: { params: documentIdParams, body: addDocumentCommentInput, response: { 200: recordComment, ...errors } } }, async (request) =>
    service.addComment(deps, requireUser(request), request.params.id, request.body, request.log),
  );

  // --- Recycle bin -----------------------------------------------------------------------------

  /** GET /api/documents/bin/items → { items, canPurge }: what the caller deleted (everything for purge holders and folder administrators). */
  app.get('/bin/items', { config: READ, schema: { response: { 200: binResponse, ...errors } } }, async (request) => bin.listBin(deps, requireUser(request)));

  /** POST /api/documents/bin/{kind}/{id}/restore → { parentId }: back to its place, or the root when that is gone; 409 `folderNameTaken`. */
  app.post('/bin/:kind/:id/restore', { config: READ, schema: { params: binItemParams, response: { 200: restoreResponse, ...errors } } }, async (request) =>
    bin.restore(deps, requireUser(request), request.params.kind, request.params.id),
  );

  /** POST /api/documents/bin/{kind}/{id}/purge → { ok }: removed for good (documents.circulation.purge). */
  app.post('/bin/:kind/:id/purge', { config: { permission: 'documents.circulation.purge' }, schema: { params: binItemParams, response: { 200: okResponse, ...errors } } }, async (request) => {
    await bin.purge(deps, requireUser(request), request.params.kind, request.params.id);
    return { ok: true as const };
  });

  // --- Registry --------------------------------------------------------------------------------

  /** POST /api/documents/registry/grid RegistryListQuery → { rows, total, totalCapped }. */
  app.post('/registry/grid', { config: { permission: 'documents.registry' }, schema: { body: registryListQuery, response: { 200: registryListResponse, ...errors } } }, async (request, reply) => {
    const json = await registry.listRegistry(deps, requireUser(request), request.body);
    return reply.type('application/json; charset=utf-8').send(json as unknown as RegistryListResponse);
  });

  /** POST /api/documents/registry/save { kind, subject, correspondent, documentId } → RegistryDetail: registered with its number, sent to approval. */
  app.post('/registry/save', { config: { permission: 'documents.registry.create' }, schema: { body: saveRegistryEntryInput, response: { 200: registryDetail, ...errors } } }, async (request) =>
    registry.register(deps, requireUser(request), request.body, new Date(), request.log),
  );

  /** GET /api/documents/registry/{id} → RegistryDetail. */
  app.get('/registry/:id', { config: { permission: 'documents.registry' }, schema: { params: registryIdParams, response: { 200: registryDetail, ...errors } } }, async (request) =>
    registry.getEntry(deps, requireUser(request), request.params.id),
  );

  /**
   * POST /api/documents/registry/{id}/approve { comment? } and …/reject { comment } → RegistryDetail
   * (the registry callback on the engine; reject: 422 `commentRequired` / `commentTooShort`).
   */
  registerDecisionRoutes(fastify, {
    prefix: '/registry',
    params: registryIdParams,
    response: registryDetail,
    calls: {
      approve: { permission: 'documents.registry.approve', body: registryDecisionInput.default({}) },
      reject: { permission: 'documents.registry.reject', body: registryDecisionInput.default({}) },
    },
    decide: ({ user, id, call, body, log }) => registry.decideEntry(deps, user, id, call, body.comment, log),
  });

  /** POST /api/documents/registry/{id}/void { reason } → RegistryDetail: VOID, kept, number never reused. */
  app.post(
    '/registry/:id/void',
    { config: { permission: 'documents.registry.create' }, schema: { params: registryIdParams, body: voidRegistryEntryInput, response: { 200: registryDetail, ...errors } } },
    async (request) => registry.voidEntry(deps, requireUser(request), request.params.id, request.body.reason),
  );

  /** POST /api/documents/registry/{id}/link { documentId } → RegistryDetail (the document must be readable). */
  app.post(
    '/registry/:id/link',
    { config: { permission: 'documents.registry.create' }, schema: { params: registryIdParams, body: linkRegistryEntryInput, response: { 200: registryDetail, ...errors } } },
    async (request) => registry.linkEntry(deps, requireUser(request), request.params.id, request.body.documentId),
  );
}
