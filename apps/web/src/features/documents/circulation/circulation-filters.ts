import type { DocumentScope } from '@servicedesk/contracts';
import { DOCUMENT_SCOPES } from '@servicedesk/contracts';
import { tableKeys } from '../../shared/data-table';
import { filtersKey } from '../../shared/filter-memory';

/** The list screens' table keys (SPEC §2 "document circulation (unfinished, just finished, just finished for vendor invoice)"), and the folder view's. */
export const SCOPE_TABLE_KEYS: Record<DocumentScope, string> = {
  unfinished: tableKeys.documentsUnfinished,
  justFinished: tableKeys.documentsJustFinished,
  justFinishedForVendorInvoice: tableKeys.documentsJustFinishedForVendorInvoice,
  folder: tableKeys.documentsFolder,
  // Search across the tabs (no tab of its own): the table a search was typed in keeps its state.
  all: tableKeys.documentsUnfinished,
};

/** What the page remembers (filter memory): the list shown and the folder chosen. */
export interface CirculationFilters {
  scope: DocumentScope;
  folderId: number | null;
}
export const CIRCULATION_FILTERS_KEY = filtersKey(tableKeys.documentsUnfinished);
export const defaultCirculationFilters: CirculationFilters = { scope: 'unfinished', folderId: null };

/** Reads saved filters, keeping only valid values. */
export function parseCirculationFilters(saved: Record<string, unknown>): CirculationFilters {
  const scope = (DOCUMENT_SCOPES as readonly string[]).includes(String(saved.scope)) && saved.scope !== 'all' ? (saved.scope as DocumentScope) : 'unfinished';
  const folderId = typeof saved.folderId === 'number' && Number.isInteger(saved.folderId) && saved.folderId > 0 ? saved.folderId : null;
  return { scope, folderId };
}
