import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';
import { files } from './files';

/**
 * A news post (issue #18, DOMAIN.md "News"): sanitised HTML `body`, `coverFileId` (an attached
 * upload), the audience — `audienceEveryone`, or the members of `audienceGroupIds` and the users
 * at `audienceLocationIds` —, visible to readers from `publishAt` until `unpublishAt` (null =
 * always), `pinned` on top of the feed, `mandatory` readers confirm having read it. `announcedAt`:
 * when the feed was told it is out (the scheduled-publish job announces posts whose time came).
 * Deleting is soft (`deletedAt`); history is kept in record_history.
 */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    excerpt: text('excerpt').notNull(),
    coverFileId: integer('cover_file_id').references(() => files.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    audienceEveryone: boolean('audience_everyone').notNull().default(true),
    audienceGroupIds: integer('audience_group_ids').array().notNull().default([]),
    audienceLocationIds: integer('audience_location_ids').array().notNull().default([]),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    mandatory: boolean('mandatory').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_posts_feed_idx').on(t.pinned, t.publishAt, t.id),
    index('news_posts_author_idx').on(t.authorId, t.publishAt),
    // The mandatory posts in feed order: the "not yet confirmed" list's walk (issue #44, migration 0043).
    index('news_posts_mandatory_feed_idx').on(t.pinned, t.publishAt, t.id).where(sql`${t.mandatory}`),
  ],
);

/** Who liked a post (one row per person; the post's `likeCount` follows in the same transaction). */
export const newsLikes = pgTable(
  'news_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

/** Read marks: the first time a person opened a post, and when they confirmed a mandatory one. */
export const newsReads = pgTable(
  'news_reads',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('news_reads_user_idx').on(t.userId, t.postId)],
);
