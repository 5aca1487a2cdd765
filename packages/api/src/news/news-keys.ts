import type { NewsListQuery } from '@servicedesk/contracts';

/**
 * Query keys of news (/api/news/*, issue #18; TkDodo's key factory). `newsKeys.all` invalidates
 * every news answer — what a live RecordChanged("newsPost") does (feeds, details, the unread
 * badge, statistics).
 */
export const newsKeys = {
  all: ['news'] as const,
  reference: () => [...newsKeys.all, 'reference'] as const,
  unread: () => [...newsKeys.all, 'unread'] as const,
  feeds: () => [...newsKeys.all, 'feed'] as const,
  feed: (query: Omit<NewsListQuery, 'skip' | 'take'>) => [...newsKeys.feeds(), query] as const,
  details: () => [...newsKeys.all, 'detail'] as const,
  detail: (id: number) => [...newsKeys.details(), id] as const,
  likers: (id: number) => [...newsKeys.detail(id), 'likers'] as const,
  stats: (id: number) => [...newsKeys.detail(id), 'stats'] as const,
  readers: (id: number, search: string) => [...newsKeys.detail(id), 'readers', search] as const,
};
