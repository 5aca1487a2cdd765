import type { DocumentListQuery, RegistryListQuery } from '@servicedesk/contracts';

/**
 * Query keys of document circulation and the registry (/api/documents/*, issue #15; TkDodo's key
 * factory). `documentsKeys.all` invalidates every answer of the module (what a live RecordChanged
 * of a document or registry entry does).
 */
export const documentsKeys = {
  all: ['documents'] as const,
  folders: () => [...documentsKeys.all, 'folders'] as const,
  permissions: (folderId: number) => [...documentsKeys.folders(), 'permissions', folderId] as const,
  principals: () => [...documentsKeys.all, 'principals'] as const,
  lists: () => [...documentsKeys.all, 'list'] as const,
  list: (query: DocumentListQuery) => [...documentsKeys.lists(), query] as const,
  details: () => [...documentsKeys.all, 'detail'] as const,
  detail: (id: number) => [...documentsKeys.details(), id] as const,
  diff: (id: number, from: number, to: number) => [...documentsKeys.detail(id), 'diff', from, to] as const,
  bin: () => [...documentsKeys.all, 'bin'] as const,
  registry: () => [...documentsKeys.all, 'registry'] as const,
  registryList: (query: RegistryListQuery) => [...documentsKeys.registry(), 'list', query] as const,
  registryEntry: (id: number) => [...documentsKeys.registry(), 'entry', id] as const,
};
