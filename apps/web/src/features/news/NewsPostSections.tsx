import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsPostDetail } from '@servicedesk/contracts';
import { useNewsConfirmations, useNewsLikers } from '@servicedesk/api/news/news-read';
import { useConfirmNews, useLikeNews, useRemindNews } from '@servicedesk/api/news/news-write';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { numericDateTime } from '../shared/format';
import { refusalText } from '../shared/record/refusal';
import * as p from '../shared/page.css';
import * as s from './news.css';

/** News' own refusal sentences (`news.errors.<code>`), before the shared ones. */
export const NEWS_REFUSALS = { codes: 'news.errors' };

/** The like button and the list of who liked (SPEC §7 "like", "liked users"). */
export function Likes({ detail }: { detail: NewsPostDetail }) {
  const { t, i18n } = useTranslation();
  const [showLikers, setShowLikers] = useState(false);
  const like = useLikeNews(detail.post.id);
  const likers = useNewsLikers(detail.post.id, showLikers);
  const liked = detail.post.likedByMe;
  return (
    <div className={s.row}>
      <Button variant={liked ? 'primary' : 'secondary'} aria-pressed={liked} isPending={like.isPending} onPress={() => like.mutate(!liked)}>
        {liked ? t('news.unlike') : t('news.like')}
      </Button>
      <Button variant="ghost" aria-expanded={showLikers} onPress={() => setShowLikers((v) => !v)} data-testid="news-like-count">
        {t('news.likeCount', { n: formatNumber(detail.post.likeCount, i18n.language) })}
      </Button>
      {showLikers && likers.data ? (
        <ul className={s.likers} aria-label={t('news.likedBy')}>
          {likers.data.map((u) => (
            <li key={u.id}>{u.name}</li>
          ))}
          {likers.data.length === 0 ? <li>{t('news.noLikes')}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

/** Mandatory reading: the reader's confirm button, or the confirmation. */
export function Confirm({ detail }: { detail: NewsPostDetail }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmNews(detail.post.id);
  if (!detail.post.mandatory || detail.canSeeStats) return null;
  return (
    <RecordSection title={t('news.mandatoryTitle')}>
      {detail.confirmedAt ? (
        <p className={p.muted} role="status" data-testid="news-confirmed">
          {t('news.confirmedAt', { at: formatDateTime(detail.confirmedAt, i18n.language, numericDateTime) })}
        </p>
      ) : (
        <div className={s.row}>
          <p className={p.muted}>{t('news.mandatoryHint')}</p>
          <Button
            isPending={confirm.isPending}
            onPress={() => confirm.mutate(undefined, { onError: (e) => toast.show({ title: refusalText(t, e, NEWS_REFUSALS), variant: 'error' }) })}
          >
            {t('news.confirm')}
          </Button>
        </div>
      )}
    </RecordSection>
  );
}

/** The author's statistics of a mandatory post: percentage, per group, the list, and "remind the rest". */
export function Stats({ detail }: { detail: NewsPostDetail }) {
  const { t, i18n } = useTranslation();
  const stats = useNewsConfirmations(detail.post.id, detail.canSeeStats);
  const remind = useRemindNews(detail.post.id);
  if (!detail.canSeeStats) return null;
  const data = stats.data;
  return (
    <RecordSection title={t('news.stats.title')}>
      {data ? (
        <div className={p.page} style={{ gap: '0.75rem' }}>
          <p className={s.percent} data-testid="news-confirm-percent">
            {formatNumber(data.percent / 100, i18n.language, { style: 'percent' })}
          </p>
          <p className={p.muted}>{t('news.stats.summary', { confirmed: formatNumber(data.confirmed, i18n.language), total: formatNumber(data.total, i18n.language) })}</p>
          <div className={s.bar} role="progressbar" aria-valuenow={data.percent} aria-valuemin={0} aria-valuemax={100} aria-label={t('news.stats.title')}>
            <div className={s.barFill} style={{ width: `${data.percent}%` }} />
          </div>
          <table className={s.table}>
            <caption className={p.muted} style={{ textAlign: 'start' }}>
              {t('news.stats.byGroup')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('news.stats.group')}</th>
                <th scope="col">{t('news.stats.confirmed')}</th>
                <th scope="col">%</th>
              </tr>
            </thead>
            <tbody>
              {data.groups.map((g) => (
                <tr key={g.groupId ?? 0}>
                  <td>{g.name}</td>
                  <td>
                    {formatNumber(g.confirmed, i18n.language)} / {formatNumber(g.total, i18n.language)}
                  </td>
                  <td>{formatNumber(g.percent / 100, i18n.language, { style: 'percent' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={s.table}>
            <caption className={p.muted} style={{ textAlign: 'start' }}>
              {t('news.stats.people')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('news.stats.person')}</th>
                <th scope="col">{t('news.stats.confirmedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.readers.map((r) => (
                <tr key={r.id}>
                  <td>{r.name}</td>
                  <td>{r.confirmedAt ? formatDateTime(r.confirmedAt, i18n.language, numericDateTime) : t('news.stats.notYet')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={s.row}>
            <Button
              variant="secondary"
              isDisabled={data.confirmed === data.total}
              isPending={remind.isPending}
              onPress={() =>
                remind.mutate(undefined, {
                  onSuccess: ({ reminded }) => toast.show({ title: t('news.stats.reminded', { n: formatNumber(reminded, i18n.language) }), variant: 'success' }),
                  onError: (e) => toast.show({ title: refusalText(t, e, NEWS_REFUSALS), variant: 'error' }),
                })
              }
            >
              {t('news.stats.remind')}
            </Button>
            {data.lastRemindedAt ? <span className={p.muted}>{t('news.stats.lastReminded', { at: formatDateTime(data.lastRemindedAt, i18n.language, numericDateTime) })}</span> : null}
          </div>
        </div>
      ) : (
        <p className={p.muted} role="status">
          {t('loading')}
        </p>
      )}
    </RecordSection>
  );
}

