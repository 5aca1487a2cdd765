import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCheckMenuPermission } from '@servicedesk/api/global/check-menu-permission';
import { useNewsFeed, useNewsUnread } from '@servicedesk/api/news/news-read';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { numericDateTime } from '../shared/format';
import * as p from '../shared/page.css';

/**
 * The dashboard's news (issue #18, DOMAIN.md "Dashboard: latest news"): the latest posts (pinned
 * first) and how many mandatory posts wait for the caller's confirmation, linking to /home/news.
 * Hidden for a user type without the `news` key.
 */
export function NewsFigure() {
  const allowed = useCheckMenuPermission({ actionName: 'news' });
  if (!allowed.data?.hasPermission) return null;
  return <Figure />;
}

function Figure() {
  const { t, i18n } = useTranslation();
  const unread = useNewsUnread();
  const feed = useNewsFeed();
  const latest = feed.data?.pages[0]?.rows.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="dashboard-news" className={p.card} data-testid="stat-news">
      <h2 id="dashboard-news" className={p.cardTitle}>
        {t('news.dashboard.title')}
      </h2>
      <p className={p.statText} aria-busy={unread.isPending}>
        {unread.data ? t('news.dashboard.unconfirmed', { n: formatNumber(unread.data.unconfirmed, i18n.language) }) : '…'}
      </p>
      <ul>
        {latest.map((post) => (
          <li key={post.id}>
            <Link to={`/home/news/${post.id}`}>{post.title}</Link> <span className={p.muted}>{formatDateTime(post.publishAt, i18n.language, numericDateTime)}</span>
          </li>
        ))}
      </ul>
      <Link to="/home/news">{t('news.dashboard.open')}</Link>
    </section>
  );
}
