import type { HelpdeskListQuery } from '@servicedesk/contracts';

/**
 * Query keys of the help desk (/api/helpdesk/*, issue #6; TkDodo's key factory).
 * `helpdeskKeys.all` invalidates every help-desk answer (what a live help-desk notification
 * does); `helpdeskKeys.requests()` every list, pick list and detail; `helpdeskKeys.reference()`
 * the categories, components, priorities and groups (after an admin change).
 */
export const helpdeskKeys = {
  all: ['helpdesk'] as const,
  reference: () => [...helpdeskKeys.all, 'reference'] as const,
  dashboard: () => [...helpdeskKeys.all, 'dashboard'] as const,
  requests: () => [...helpdeskKeys.all, 'requests'] as const,
  lists: () => [...helpdeskKeys.requests(), 'list'] as const,
  list: (query: HelpdeskListQuery) => [...helpdeskKeys.lists(), query] as const,
  picks: () => [...helpdeskKeys.requests(), 'pick'] as const,
  pick: (search: string) => [...helpdeskKeys.picks(), search] as const,
  details: () => [...helpdeskKeys.requests(), 'detail'] as const,
  detail: (id: number) => [...helpdeskKeys.details(), id] as const,
};
