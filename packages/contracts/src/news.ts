import { z } from 'zod';
import { id, idParam } from './validation';
import { addRecordCommentInput, recordComment, recordHistoryEntry, recordPerson } from './records';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import { NEWS_TITLE_MAX, NEWS_BODY_MAX, NEWS_STATES } from './plain/news';
export { NEWS_TITLE_MAX, NEWS_BODY_MAX, NEWS_FEED_PAGE, NEWS_EXCERPT_LENGTH, NEWS_ALLOWED_TAGS, NEWS_ALLOWED_ATTRIBUTES, NEWS_ALLOWED_SCHEMES, NEWS_STATES } from './plain/news';

/**
 * Who may read a post: `everyone`, or the members (and leads) of `groupIds` and the users at
 * `locationIds` (either is enough). The author always reads their own post.
 */
export const newsAudience = z
  .object({
    everyone: z.boolean(),
    groupIds: z.array(id).max(100).default([]),
    locationIds: z.array(id).max(100).default([]),
  })
  .refine((a) => a.everyone || a.groupIds.length > 0 || a.locationIds.length > 0, { message: 'audienceRequired', path: ['groupIds'] });
export type NewsAudience = z.output<typeof newsAudience>;
export const newsState = z.enum(NEWS_STATES);
export type NewsState = z.infer<typeof newsState>;

/**
 * POST /api/news/save: creates (no id; holder of `news.create`) or edits (id: the author or a
 * holder of `news.delete`). `body` HTML (sanitised on the server), `coverFileId` an uploaded
 * image (upload type `news`), `fileIds` attachments to add, `publishAt` null = now,
 * `unpublishAt` null = never (must be after publishAt: 422 `invalidRange`), `pinned` on top of
 * the feed, `mandatory` readers must confirm having read it.
 */
export const saveNewsInput = z.object({
  id: id.optional(),
  title: z.string().trim().min(1).max(NEWS_TITLE_MAX),
  body: z.string().max(NEWS_BODY_MAX),
  coverFileId: id.nullable().default(null),
  fileIds: z.array(id).max(20).default([]),
  audience: newsAudience,
  publishAt: z.string().datetime({ offset: true }).nullable().default(null),
  unpublishAt: z.string().datetime({ offset: true }).nullable().default(null),
  pinned: z.boolean().default(false),
  mandatory: z.boolean().default(false),
});
export type SaveNewsInput = z.input<typeof saveNewsInput>;

/** One post in the feed. `excerpt` is plain text; `cover` the cover image (download it with FileServer/DownloadFile). */
export const newsPostSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  cover: fileItem.nullable(),
  author: recordPerson,
  publishAt: z.string().datetime(),
  unpublishAt: z.string().datetime().nullable(),
  state: newsState,
  pinned: z.boolean(),
  mandatory: z.boolean(),
  likeCount: z.number().int().nonnegative(),
  commentCount: z.number().int().nonnegative(),
  likedByMe: z.boolean(),
  readByMe: z.boolean(),
  confirmedByMe: z.boolean(),
  updatedAt: z.string().datetime(),
});
export type NewsPostSummary = z.infer<typeof newsPostSummary>;

/**
 * POST /api/news/list (SPEC §7 "news list"): the feed, pinned first, then newest first; `skip`
 * and `take` page it ("load more"); `mine` = only the caller's own posts, scheduled and expired
 * ones included (authors); `unconfirmed` = only mandatory posts the caller has not confirmed.
 */
export const newsListQuery = baseListQuery(z.enum(['publishAt']), 'publishAt').extend({
  mine: z.boolean().default(false),
  unconfirmed: z.boolean().default(false),
});
export type NewsListQuery = z.input<typeof newsListQuery>;
export const newsListResponse = listResponse(newsPostSummary);
export type NewsListResponse = z.infer<typeof newsListResponse>;

/** GET /api/news/{id} (SPEC §7 "news detail"): the post, its audience, attachments, comments, edit history and what the caller may do. */
export const newsPostDetail = z.object({
  post: newsPostSummary.extend({ body: z.string() }),
  audience: z.object({ everyone: z.boolean(), groupIds: z.array(z.number().int()), locationIds: z.array(z.number().int()) }),
  audienceNames: z.array(z.string()),
  attachments: z.array(fileItem),
  comments: z.array(recordComment),
  /** Edit history, oldest first: `create`, `update` (details: changed fields, the previous title), `delete`. */
  history: z.array(recordHistoryEntry),
  canEdit: z.boolean(),
  canComment: z.boolean(),
  /** The author (or an editor) may see the confirmation statistics of a mandatory post. */
  canSeeStats: z.boolean(),
  readAt: z.string().datetime().nullable(),
  confirmedAt: z.string().datetime().nullable(),
});
export type NewsPostDetail = z.infer<typeof newsPostDetail>;

export const newsIdParams = z.object({ id: idParam });

/** POST /api/news/{id}/comment (SPEC §7 "news comment"): text with @mentions; only readers of the post are notified. */
export const addNewsCommentInput = addRecordCommentInput;
export type AddNewsCommentInput = z.input<typeof addNewsCommentInput>;
/** The stored comment, and who of the mentioned was notified (those who may read the post). */
export const newsCommentResponse = z.object({ comment: recordComment, notifiedUserIds: z.array(z.number().int()) });
export type NewsCommentResponse = z.infer<typeof newsCommentResponse>;

/** POST /api/news/{id}/like (SPEC §7 "news like") { liked } → the post's like count and mine. */
export const newsLikeInput = z.object({ liked: z.boolean() });
export const newsLikeResponse = z.object({ likeCount: z.number().int().nonnegative(), likedByMe: z.boolean() });
export type NewsLikeResponse = z.infer<typeof newsLikeResponse>;

/** GET /api/news/{id}/likedUsers (SPEC §7 "news liked users"): who liked it, most recent first. */
export const newsLikedUsersResponse = z.array(recordPerson.extend({ likedAt: z.string().datetime() }));
export type NewsLikedUsersResponse = z.infer<typeof newsLikedUsersResponse>;

/** POST /api/news/{id}/read (SPEC §7 "news read") → when the caller read it (the first time counts). */
export const newsReadResponse = z.object({ readAt: z.string().datetime(), unread: z.number().int().nonnegative() });
export type NewsReadResponse = z.infer<typeof newsReadResponse>;

/** POST /api/news/{id}/confirm: the caller confirms a mandatory post (422 `notMandatory`). */
export const newsConfirmResponse = z.object({ confirmedAt: z.string().datetime() });

/** GET /api/news/unread → the caller's unread published posts, and unconfirmed mandatory ones (the menu badge, the dashboard). */
export const newsUnreadResponse = z.object({ unread: z.number().int().nonnegative(), unconfirmed: z.number().int().nonnegative() });
export type NewsUnreadResponse = z.infer<typeof newsUnreadResponse>;

/** One reader of a mandatory post and whether they confirmed. */
export const newsReader = recordPerson.extend({
  groupNames: z.array(z.string()),
  readAt: z.string().datetime().nullable(),
  confirmedAt: z.string().datetime().nullable(),
});
/**
 * GET /api/news/{id}/confirmations (the author or `news.delete`): everyone the post reaches, who
 * confirmed, per group and in total; `percent` is confirmed / total × 100, rounded down.
 */
export const newsConfirmationStats = z.object({
  total: z.number().int().nonnegative(),
  confirmed: z.number().int().nonnegative(),
  percent: z.number().int().min(0).max(100),
  groups: z.array(z.object({ groupId: z.number().int().nullable(), name: z.string(), total: z.number().int(), confirmed: z.number().int(), percent: z.number().int() })),
  readers: z.array(newsReader),
  lastRemindedAt: z.string().datetime().nullable(),
});
export type NewsConfirmationStats = z.infer<typeof newsConfirmationStats>;

/** POST /api/news/{id}/remind: notifies the readers who have not confirmed yet → how many. */
export const newsRemindResponse = z.object({ reminded: z.number().int().nonnegative() });

/** GET /api/news/reference: what the editor offers (groups, locations) and whether the caller may write posts. */
export const newsReference = z.object({
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  canCreate: z.boolean(),
});
export type NewsReference = z.infer<typeof newsReference>;

/** GET /api/news/{id}/readers?search= → people who may read the post (whom a comment may @mention). */
export const newsReadersQuery = z.object({ search: z.string().trim().max(100).optional() });
export const newsReadersResponse = z.array(z.object({ id: z.number().int(), name: z.string() }));
