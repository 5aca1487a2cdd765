import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { NEWS_FEED_PAGE, type NewsListQuery, type NewsListResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { gridPages } from '../grid-pages';
import { useApiClient } from '../provider';
import { newsKeys } from './news-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const newsContracts = () => import('@servicedesk/contracts/news');

/*
 * The reading calls of news (issue #18; SPEC §7 "news list, detail, liked users").
 */

/** POST /api/news/list (SPEC §7 "news list"): a page of the feed, pinned first, newest first. */
export function listNews(client: ApiClient, query: NewsListQuery, signal?: AbortSignal): Promise<NewsListResponse> {
  return client.request({ method: 'POST', path: '/news/list', body: query, schema: () => newsContracts().then((m) => m.newsListResponse), signal });
}

/** The feed as an infinite query: each "load more" asks the next {@link NEWS_FEED_PAGE} posts, after the last one's cursor (../grid-pages). */
export function newsFeedQueryOptions(client: ApiClient, filters: Omit<NewsListQuery, 'skip' | 'take'> = {}) {
  return gridPages(newsKeys.feed(filters), NEWS_FEED_PAGE, (start, signal) => listNews(client, { ...filters, take: NEWS_FEED_PAGE, ...start }, signal));
}

/** The feed, page by page (`fetchNextPage` = load more). */
export function useNewsFeed(filters: Omit<NewsListQuery, 'skip' | 'take'> = {}) {
  const client = useApiClient();
  return useInfiniteQuery(newsFeedQueryOptions(client, filters));
}

/** GET /api/news/{id} (SPEC §7 "news detail"): 404 unknown, 403 `notInAudience`. */
export function getNewsPost(client: ApiClient, id: number, signal?: AbortSignal) {
  return client.request({ method: 'GET', path: encodePath`/news/${id}`, schema: () => newsContracts().then((m) => m.newsPostDetail), signal });
}

/** One post with its comments, attachments and history; idle while `id` is null. */
export function useNewsPost(id: number | null) {
  const client = useApiClient();
  return useQuery({ queryKey: newsKeys.detail(id ?? 0), queryFn: ({ signal }) => getNewsPost(client, id ?? 0, signal), enabled: id !== null, retry: false });
}

/** GET /api/news/{id}/likedUsers (SPEC §7 "news liked users"); idle until `enabled`. */
export function useNewsLikers(id: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: newsKeys.likers(id),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/news/${id}/likedUsers`, schema: () => newsContracts().then((m) => m.newsLikedUsersResponse), signal }),
    enabled,
  });
}

/** GET /api/news/{id}/confirmations: who confirmed a mandatory post (its author); idle until `enabled`. */
export function useNewsConfirmations(id: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: newsKeys.stats(id),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/news/${id}/confirmations`, schema: () => newsContracts().then((m) => m.newsConfirmationStats), signal }),
    enabled,
  });
}

/** GET /api/news/{id}/readers?search=: whom a comment may @mention. */
export function useNewsReaders(id: number, search: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: newsKeys.readers(id, search),
    queryFn: ({ signal }) =>
      client.request({ method: 'GET', path: `${encodePath`/news/${id}/readers`}?search=${encodeURIComponent(search)}`, schema: () => newsContracts().then((m) => m.newsReadersResponse), signal }),
  });
}

/** GET /api/news/unread: the menu badge and the dashboard's figures. */
export function newsUnreadQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: newsKeys.unread(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/news/unread', schema: () => newsContracts().then((m) => m.newsUnreadResponse), signal }) });
}

/** The caller's unread and unconfirmed counts. */
export function useNewsUnread(enabled = true) {
  const client = useApiClient();
  return useQuery({ ...newsUnreadQueryOptions(client), enabled });
}

/** GET /api/news/reference: the editor's groups and locations, and whether the caller may write posts. */
export function useNewsReference() {
  const client = useApiClient();
  return useQuery({ queryKey: newsKeys.reference(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/news/reference', schema: () => newsContracts().then((m) => m.newsReference), signal }) });
}
