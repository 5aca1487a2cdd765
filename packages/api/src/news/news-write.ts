import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddNewsCommentInput, NewsPostDetail, SaveNewsInput } from '@servicedesk/contracts';
import { encodePath } from '../client';
import { useApiClient } from '../provider';
import { newsKeys } from './news-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');
const newsContracts = () => import('@servicedesk/contracts/news');

/*
 * The writing calls of news (issue #18; SPEC §7 "news comment, like, read, save, delete"); each
 * refreshes the news answers it changed (the hub's RecordChanged refreshes the other tabs).
 */

/** POST /api/news/save (SPEC §7 "news save"): create or edit; answers the saved post. */
export function useSaveNews() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveNewsInput) => client.request({ method: 'POST', path: '/news/save', body: input, schema: () => newsContracts().then((m) => m.newsPostDetail) }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(newsKeys.detail(saved.post.id), saved);
      await queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

/** POST /api/news/{id}/delete (SPEC §7 "news delete"). */
export function useDeleteNews() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.request({ method: 'POST', path: encodePath`/news/${id}/delete`, schema: () => errorsContracts().then((m) => m.okResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.feeds() }),
  });
}

/** POST /api/news/{id}/comment (SPEC §7 "news comment"): mentions notify only readers of the post. */
export function useCommentNews(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddNewsCommentInput) => client.request({ method: 'POST', path: encodePath`/news/${id}/comment`, body: input, schema: () => newsContracts().then((m) => m.newsCommentResponse) }),
    onSuccess: ({ comment }) => {
      queryClient.setQueryData<NewsPostDetail>(newsKeys.detail(id), (old) =>
        old && !old.comments.some((c) => c.id === comment.id) ? { ...old, comments: [...old.comments, comment] } : old,
      );
      return queryClient.invalidateQueries({ queryKey: newsKeys.detail(id) });
    },
  });
}

/** POST /api/news/{id}/like (SPEC §7 "news like") { liked }: shows the new count at once. */
export function useLikeNews(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (liked: boolean) => client.request({ method: 'POST', path: encodePath`/news/${id}/like`, body: { liked }, schema: () => newsContracts().then((m) => m.newsLikeResponse) }),
    onSuccess: (answer) => {
      queryClient.setQueryData<NewsPostDetail>(newsKeys.detail(id), (old) => (old ? { ...old, post: { ...old.post, ...answer } } : old));
      return queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

/** POST /api/news/{id}/read (SPEC §7 "news read"): opening a post marks it read; the unread badge follows. */
export function useReadNews() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.request({ method: 'POST', path: encodePath`/news/${id}/read`, schema: () => newsContracts().then((m) => m.newsReadResponse) }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(newsKeys.unread(), (old: { unread: number; unconfirmed: number } | undefined) => (old ? { ...old, unread } : old));
      return queryClient.invalidateQueries({ queryKey: newsKeys.feeds() });
    },
  });
}

/** POST /api/news/{id}/confirm: confirms a mandatory post. */
export function useConfirmNews(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.request({ method: 'POST', path: encodePath`/news/${id}/confirm`, schema: () => newsContracts().then((m) => m.newsConfirmResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

/** POST /api/news/{id}/remind: reminds who has not confirmed (the author). */
export function useRemindNews(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.request({ method: 'POST', path: encodePath`/news/${id}/remind`, schema: () => newsContracts().then((m) => m.newsRemindResponse) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.stats(id) }),
  });
}
