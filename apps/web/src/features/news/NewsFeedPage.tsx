import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NewsPostSummary } from '@servicedesk/contracts';
import { useNewsFeed, useNewsReference, useNewsUnread } from '@servicedesk/api/news/news-read';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Badge } from '@servicedesk/ui/Badge';
import { Button } from '@servicedesk/ui/Button';
import { numericDateTime } from '../shared/format';
import { useCoverUrl } from './use-cover';
import * as p from '../shared/page.css';
import * as s from './news.css';

type Filter = 'all' | 'unconfirmed' | 'mine';

/** A post's badges: pinned, mandatory (confirmed or not), unread, and for the author scheduled / expired. */
export function PostBadges({ post }: { post: NewsPostSummary }) {
  const { t } = useTranslation();
  return (
    <>
      {post.pinned ? <Badge variant="info">{t('news.pinned')}</Badge> : null}
      {post.mandatory ? <Badge variant={post.confirmedByMe ? 'success' : 'warning'}>{post.confirmedByMe ? t('news.confirmed') : t('news.mandatory')}</Badge> : null}
      {!post.readByMe ? <Badge variant="info">{t('news.new')}</Badge> : null}
      {post.state !== 'published' ? <Badge variant="neutral">{t(`news.state.${post.state}`)}</Badge> : null}
    </>
  );
}

function FeedItem({ post }: { post: NewsPostSummary }) {
  const { t, i18n } = useTranslation();
  const cover = useCoverUrl(post.cover);
  return (
    <li>
      <article className={`${s.post} ${post.readByMe ? '' : s.unread}`} aria-labelledby={`news-${post.id}`} data-testid="news-item">
        {cover ? <img className={s.cover} src={cover} alt="" /> : null}
        <h2 id={`news-${post.id}`} className={s.postTitle}>
          <Link to={`/home/news/${post.id}`}>{post.title}</Link>
        </h2>
        <div className={s.meta}>
          <span>{post.author.name}</span>
          <time dateTime={post.publishAt}>{formatDateTime(post.publishAt, i18n.language, numericDateTime)}</time>
          <PostBadges post={post} />
        </div>
        {post.excerpt ? <p className={s.excerpt}>{post.excerpt}</p> : null}
        <div className={s.counts}>
          <span>{t('news.likeCount', { n: formatNumber(post.likeCount, i18n.language) })}</span>
          <span>{t('news.commentCount', { n: formatNumber(post.commentCount, i18n.language) })}</span>
        </div>
      </article>
    </li>
  );
}

/**
 * /home/news (issue #18; SPEC §2: the chat toast opens it): the feed — pinned posts first, then
 * the newest — with "load more", filters (all, to confirm, mine), unread posts marked, and a
 * "write a post" button for authors (news.create). New posts and comments arrive live: the
 * shell's RecordChanged("newsPost") refetches every news answer (live-records.ts).
 */
export function NewsFeedPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const feed = useNewsFeed(filter === 'all' ? {} : filter === 'mine' ? { mine: true } : { unconfirmed: true });
  const reference = useNewsReference();
  const unread = useNewsUnread();
  const posts = feed.data?.pages.flatMap((page) => page.rows) ?? [];
  const filters: Filter[] = ['all', 'unconfirmed', ...(reference.data?.canCreate ? (['mine'] as const) : [])];
  return (
    <div className={p.page}>
      <div className={s.toolbar}>
        <div>
          <h1 className={p.heading}>{t('news.title')}</h1>
          {unread.data ? (
            <p className={p.lead} data-testid="news-unread">
              {t('news.unreadSummary', { unread: formatNumber(unread.data.unread, i18n.language), unconfirmed: formatNumber(unread.data.unconfirmed, i18n.language) })}
            </p>
          ) : null}
        </div>
        {reference.data?.canCreate ? <Button onPress={() => navigate('/home/news/new')}>{t('news.write')}</Button> : null}
      </div>
      <div className={s.filters} role="group" aria-label={t('news.filter.label')}>
        {filters.map((f) => (
          <Button key={f} variant={filter === f ? 'primary' : 'secondary'} aria-pressed={filter === f} onPress={() => setFilter(f)}>
            {t(`news.filter.${f}`)}
          </Button>
        ))}
      </div>
      {feed.isPending ? <p className={p.muted} role="status">{t('loading')}</p> : null}
      {feed.isError ? (
        <p className={p.muted} role="alert">
          {t('news.loadFailed')}
        </p>
      ) : null}
      {feed.isSuccess && posts.length === 0 ? <p className={p.muted}>{t('news.empty')}</p> : null}
      <ul className={s.feed} aria-label={t('news.title')}>
        {posts.map((post) => (
          <FeedItem key={post.id} post={post} />
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button variant="secondary" onPress={() => void feed.fetchNextPage()} isPending={feed.isFetchingNextPage}>
          {t('news.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
