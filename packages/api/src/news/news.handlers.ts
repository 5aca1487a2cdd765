import { http, HttpResponse } from 'msw';
import {
  newsPostDetail,
  type NewsConfirmationStats,
  type NewsPostDetail,
  type NewsPostSummary,
  type RecordComment,
} from '@servicedesk/contracts';
import { apiPath, errorResponse } from '../mock-utils';

/*
 * The news mock (issue #18) for component tests and stories: three posts seen by the signed-in
 * user (1, Aysel Məmmədova): a pinned one, a mandatory one for IT support (unconfirmed; the caller
 * is its author on post 3), and a plain one; post 404 is someone else's group post (403).
 * Likes, reads, confirmations and comments change the in-memory state.
 */

const person = (id: number, name: string) => ({ id, name, imgPath: null });
const ME = person(1, 'Aysel Məmmədova');
const DIRECTOR = person(5, 'Tural Həsənov');

function summary(id: number, patch: Partial<NewsPostSummary>): NewsPostSummary {
  return {
    id,
    title: `Xəbər ${id}`,
    excerpt: 'Qısa mətn',
    cover: null,
    author: DIRECTOR,
    publishAt: `2026-11-2${id}T08:00:00.000Z`,
    unpublishAt: null,
    state: 'published',
    pinned: false,
    mandatory: false,
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    readByMe: false,
    confirmedByMe: false,
    updatedAt: `2026-11-2${id}T08:00:00.000Z`,
    ...patch,
  };
}

/** Fresh mock state and its handlers. */
export function createNewsHandlers() {
  const posts = new Map<number, NewsPostDetail>();
  const add = (post: NewsPostSummary, body: string, extra: Partial<NewsPostDetail> = {}) =>
    posts.set(
      post.id,
      newsPostDetail.parse({
        post: { ...post, body },
        audience: { everyone: true, groupIds: [], locationIds: [] },
        audienceNames: [],
        attachments: [],
        comments: [],
        history: [{ id: post.id, action: 'create', fromStatus: null, toStatus: null, actor: post.author, onBehalfOf: null, comment: null, details: null, createdAt: post.publishAt }],
        canEdit: post.author.id === ME.id,
        canComment: true,
        canSeeStats: post.mandatory && post.author.id === ME.id,
        readAt: null,
        confirmedAt: null,
        ...extra,
      }),
    );
  add(summary(1, { title: 'Yeni ofis qaydaları', pinned: true, likeCount: 2, commentCount: 0 }), '<p>Ofisə giriş <strong>kartla</strong>.</p><script>alert(1)</script>');
  add(summary(2, { title: 'Təhlükəsizlik təlimi', mandatory: true }), '<p>Oxuyub təsdiq edin.</p>', {
    audience: { everyone: false, groupIds: [1], locationIds: [] },
    audienceNames: ['İT dəstəyi'],
  });
  add(summary(3, { title: 'Mənim məcburi xəbərim', mandatory: true, author: ME, readByMe: true }), '<p>Hamı oxusun.</p>');
  const likers = new Map<number, Set<number>>([[1, new Set([5, 3])]]);
  let commentId = 100;
  const stats: NewsConfirmationStats = {
    total: 4,
    confirmed: 1,
    percent: 25,
    groups: [{ groupId: 1, name: 'İT dəstəyi', total: 4, confirmed: 1, percent: 25 }],
    readers: [
      { ...person(3, 'Elvin Quliyev'), groupNames: ['İT dəstəyi'], readAt: '2026-11-23T09:00:00.000Z', confirmedAt: '2026-11-23T09:00:00.000Z' },
      { ...person(2, 'Günel Hüseynova'), groupNames: ['İT dəstəyi'], readAt: null, confirmedAt: null },
    ],
    lastRemindedAt: null,
  };
  const find = (params: { id?: string | readonly string[] }) => posts.get(Number(params.id));
  const refuse = (params: { id?: string | readonly string[] }) =>
    Number(params.id) === 404 ? errorResponse(403, 'forbidden', 'This post is not for you.', { rule: 'notInAudience' }) : errorResponse(404, 'notFound', 'No such post.');

  return [
    http.get(apiPath('/news/reference'), () => HttpResponse.json({ groups: [{ id: 1, name: 'İT dəstəyi' }], locations: [{ id: 1, name: 'Baş ofis, Bakı' }], canCreate: true })),
    http.get(apiPath('/news/unread'), () =>
      HttpResponse.json({
        unread: [...posts.values()].filter((p) => !p.post.readByMe).length,
        unconfirmed: [...posts.values()].filter((p) => p.post.mandatory && !p.post.confirmedByMe && p.post.author.id !== ME.id).length,
      }),
    ),
    http.post(apiPath('/news/list'), async ({ request }) => {
      const query = (await request.json()) as { skip?: number; take?: number; mine?: boolean; unconfirmed?: boolean };
      let rows = [...posts.values()].map((p) => p.post);
      if (query.mine) rows = rows.filter((p) => p.author.id === ME.id);
      if (query.unconfirmed) rows = rows.filter((p) => p.mandatory && !p.confirmedByMe && p.author.id !== ME.id);
      rows.sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.publishAt.localeCompare(a.publishAt));
      const skip = query.skip ?? 0;
      const page = rows.slice(skip, skip + (query.take ?? 10)).map(({ body: _body, ...rest }) => rest);
      return HttpResponse.json({ rows: page, total: rows.length, totalCapped: false });
    }),
    http.post(apiPath('/news/save'), async ({ request }) => {
      const input = (await request.json()) as { id?: number; title: string; body: string; mandatory?: boolean; pinned?: boolean };
      const id = input.id ?? Math.max(...posts.keys()) + 1;
      add(summary(id, { title: input.title, author: ME, readByMe: true, mandatory: input.mandatory ?? false, pinned: input.pinned ?? false }), input.body);
      return HttpResponse.json(posts.get(id));
    }),
    http.get(apiPath('/news/:id'), ({ params }) => {
      const post = find(params);
      return post ? HttpResponse.json(post) : refuse(params);
    }),
    http.post(apiPath('/news/:id/read'), ({ params }) => {
      const post = find(params);
      if (!post) return refuse(params);
      post.readAt ??= '2026-11-24T10:00:00.000Z';
      post.post.readByMe = true;
      return HttpResponse.json({ readAt: post.readAt, unread: [...posts.values()].filter((p) => !p.post.readByMe).length });
    }),
    http.post(apiPath('/news/:id/like'), async ({ params, request }) => {
      const post = find(params);
      if (!post) return refuse(params);
      const { liked } = (await request.json()) as { liked: boolean };
      const set = likers.get(post.post.id) ?? new Set<number>();
      if (liked) set.add(ME.id);
      else set.delete(ME.id);
      likers.set(post.post.id, set);
      post.post.likeCount = set.size;
      post.post.likedByMe = liked;
      return HttpResponse.json({ likeCount: set.size, likedByMe: liked });
    }),
    http.get(apiPath('/news/:id/likedUsers'), ({ params }) => {
      const ids = [...(likers.get(Number(params.id)) ?? [])];
      const names: Record<number, string> = { 1: ME.name, 3: 'Elvin Quliyev', 5: DIRECTOR.name };
      return HttpResponse.json(ids.map((id) => ({ ...person(id, names[id] ?? `#${id}`), likedAt: '2026-11-24T10:00:00.000Z' })));
    }),
    http.post(apiPath('/news/:id/confirm'), ({ params }) => {
      const post = find(params);
      if (!post) return refuse(params);
      if (!post.post.mandatory) return errorResponse(422, 'notMandatory', 'This post does not ask for confirmation.');
      post.confirmedAt = '2026-11-24T10:05:00.000Z';
      post.post.confirmedByMe = true;
      return HttpResponse.json({ confirmedAt: post.confirmedAt });
    }),
    http.get(apiPath('/news/:id/confirmations'), () => HttpResponse.json(stats)),
    http.post(apiPath('/news/:id/remind'), () => {
      stats.lastRemindedAt = '2026-11-24T11:00:00.000Z';
      return HttpResponse.json({ reminded: stats.total - stats.confirmed });
    }),
    http.get(apiPath('/news/:id/readers'), () => HttpResponse.json([{ id: 2, name: 'Günel Hüseynova' }, { id: 3, name: 'Elvin Quliyev' }])),
    http.post(apiPath('/news/:id/comment'), async ({ params, request }) => {
      const post = find(params);
      if (!post) return refuse(params);
      const input = (await request.json()) as { text: string; mentionedUserIds: number[] };
      const comment: RecordComment = { id: ++commentId, author: ME, text: input.text, createdAt: '2026-11-24T10:10:00.000Z' };
      post.comments.push(comment);
      post.post.commentCount += 1;
      return HttpResponse.json({ comment, notifiedUserIds: input.mentionedUserIds });
    }),
    http.post(apiPath('/news/:id/delete'), ({ params }) => {
      posts.delete(Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
  ];
}
