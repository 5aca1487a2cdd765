import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NewsPostDetail } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useNewsConfirmations, useNewsLikers, useNewsPost, useNewsReaders } from '@servicedesk/api/news/news-read';
import { useCommentNews, useConfirmNews, useDeleteNews, useLikeNews, useReadNews, useRemindNews } from '@servicedesk/api/news/news-write';
import { formatDateTime, formatNumber } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { RecordPage, RecordSection } from '@servicedesk/ui/RecordPage';
import { Timeline, type TimelineEntry } from '@servicedesk/ui/Timeline';
import { toast } from '@servicedesk/ui/Toast';
import { FileDownloadList } from '../shared/files/FileDownloadList';
import { numericDateTime } from '../shared/format';
import { RecordCommentForm } from '../shared/record/RecordCommentForm';
import { PostBadges } from './NewsFeedPage';
import { useSanitizedHtml } from './news-html';
import { useCoverUrl } from './use-cover';
import * as p from '../shared/page.css';
import * as s from './news.css';

/** The server's refusal as a translation key (`news.errors.<code>`), else the generic one. */
function refusal(error: unknown): string {
  return isApiRequestError(error) ? `news.errors.${error.code}` : 'error.generic';
}

/** The like button and the list of who liked (SPEC §7 "like", "liked users"). */
function Likes({ detail }: { detail: NewsPostDetail }) {
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
function Confirm({ detail }: { detail: NewsPostDetail }) {
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
            onPress={() => confirm.mutate(undefined, { onError: (e) => toast.show({ title: t(refusal(e), { defaultValue: t('error.generic') }), variant: 'error' }) })}
          >
            {t('news.confirm')}
          </Button>
        </div>
      )}
    </RecordSection>
  );
}

/** The author's statistics of a mandatory post: percentage, per group, the list, and "remind the rest". */
function Stats({ detail }: { detail: NewsPostDetail }) {
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
                  onError: (e) => toast.show({ title: t(refusal(e), { defaultValue: t('error.generic') }), variant: 'error' }),
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

/** The comment box with @mentions: the suggestions are the people who may read the post. */
function CommentForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const readers = useNewsReaders(id, '');
  const comment = useCommentNews(id);
  const users = useMemo(() => readers.data ?? [], [readers.data]);
  return (
    <RecordCommentForm
      users={users}
      labels={{
        label: t('news.commentLabel'),
        suggestions: t('news.mentionSuggestions'),
        send: t('news.sendComment'),
        sent: t('news.commentSent'),
      }}
      onSend={(input) => comment.mutateAsync(input)}
      isPending={comment.isPending}
      refusal={{ codes: 'news.errors' }}
    />
  );
}

/** Comments (oldest first) and the edit history, as one timeline each. */
function useEntries(detail: NewsPostDetail | undefined) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!detail) return { comments: [] as TimelineEntry[], history: [] as TimelineEntry[] };
    const comments = detail.comments.map((c): TimelineEntry => ({
      id: `c${c.id}`,
      user: { name: c.author.name, img: null },
      date: c.createdAt,
      comment: <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.text}</span>,
    }));
    const history = [...detail.history].reverse().map((h): TimelineEntry => {
      const changed = Array.isArray(h.details?.changed) ? (h.details.changed as string[]) : [];
      return {
        id: `h${h.id}`,
        user: { name: h.actor?.name ?? t('news.history.system'), img: null },
        date: h.createdAt,
        action: t(`news.history.${h.action}`, { defaultValue: h.action }),
        comment: changed.length ? changed.map((field) => t(`news.fields.${field}`, { defaultValue: field })).join(', ') : undefined,
      };
    });
    return { comments, history };
  }, [detail, t]);
}

/**
 * /home/news/:id (issue #18): the post (its body sanitised again on the client, DOMPurify loaded
 * lazily), cover, attachments, audience, likes and who liked, mandatory reading (confirm, or for
 * the author the confirmation percentage per group, the list and "remind"), comments with
 * @mentions of people who may read it, the edit history; edit and delete for the author. Opening
 * it marks it read. A post the caller may not read answers 403: the page says so.
 */
export function NewsPostPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useNewsPost(valid ? id : null);
  const read = useReadNews();
  const remove = useDeleteNews();
  const detail = query.data;
  const html = useSanitizedHtml(detail?.post.body);
  const cover = useCoverUrl(detail?.post.cover ?? null);
  const entries = useEntries(detail);
  const marked = useRef<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    if (detail && !detail.readAt && marked.current !== detail.post.id && detail.post.state === 'published') {
      marked.current = detail.post.id;
      read.mutate(detail.post.id);
    }
  }, [detail, read]);

  if (!valid || query.isError) {
    const status = isApiRequestError(query.error) ? query.error.status : 404;
    return (
      <div className={p.page}>
        <h1 className={p.heading}>{status === 403 ? t('news.forbidden') : t('news.notFound')}</h1>
        <Link to="/home/news">{t('news.back')}</Link>
      </div>
    );
  }
  if (!detail) {
    return (
      <p className={p.muted} role="status">
        {t('loading')}
      </p>
    );
  }
  const post = detail.post;
  const fields = [
    { label: t('news.fields.author'), value: post.author.name },
    { label: t('news.fields.publishAt'), value: formatDateTime(post.publishAt, i18n.language, numericDateTime) },
    ...(post.unpublishAt ? [{ label: t('news.fields.unpublishAt'), value: formatDateTime(post.unpublishAt, i18n.language, numericDateTime) }] : []),
    { label: t('news.fields.audience'), value: detail.audience.everyone ? t('news.audience.everyone') : detail.audienceNames.join(', ') },
  ];
  return (
    <RecordPage
      back={<Link to="/home/news">{t('news.back')}</Link>}
      title={post.title}
      status={
        <span className={s.row}>
          <PostBadges post={post} />
        </span>
      }
      actions={
        detail.canEdit ? (
          <span className={s.row}>
            <Button variant="secondary" onPress={() => navigate(`/home/news/${post.id}/edit`)}>
              {t('news.edit')}
            </Button>
            <Button variant="danger" onPress={() => setConfirmDelete(true)}>
              {t('news.delete')}
            </Button>
            <ConfirmDialog
              title={t('news.deleteTitle')}
              isOpen={confirmDelete}
              onOpenChange={setConfirmDelete}
              confirmLabel={t('news.delete')}
              cancelLabel={t('news.cancel')}
              onConfirm={() => remove.mutateAsync(post.id).then(() => undefined)}
              onConfirmed={() => {
                toast.show({ title: t('news.deleted'), variant: 'success' });
                navigate('/home/news');
              }}
              onError={(e) => toast.show({ title: t(refusal(e), { defaultValue: t('error.generic') }), variant: 'error' })}
            >
              {t('news.deleteConfirm', { title: post.title })}
            </ConfirmDialog>
          </span>
        ) : undefined
      }
      fields={fields}
      fieldsTitle={t('news.details')}
      timeline={
        <Timeline
          entries={entries.history}
          label={t('news.historyTitle')}
          formatDate={(d) => formatDateTime(d, i18n.language, numericDateTime)}
          changedToLabel={t('news.changedTo')}
        />
      }
      timelineTitle={t('news.historyTitle')}
      comments={
        <>
          <Timeline
            entries={entries.comments}
            label={t('news.commentsTitle')}
            formatDate={(d) => formatDateTime(d, i18n.language, numericDateTime)}
            changedToLabel={t('news.changedTo')}
            emptyText={t('news.noComments')}
          />
          {detail.canComment ? <CommentForm id={post.id} /> : null}
        </>
      }
      commentsTitle={t('news.commentsTitle')}
      files={detail.attachments.length ? <FileDownloadList files={detail.attachments} /> : undefined}
      filesTitle={t('news.attachments')}
    >
      <RecordSection title={t('news.bodyTitle')}>
        {cover ? <img className={s.cover} src={cover} alt="" /> : null}
        {html === null ? (
          <p className={p.muted}>{t('loading')}</p>
        ) : (
          // Sanitised twice: by the server on save (sanitize-html) and here (DOMPurify).
          <div className={s.body} data-testid="news-body" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        <Likes detail={detail} />
      </RecordSection>
      <Confirm detail={detail} />
      <Stats detail={detail} />
    </RecordPage>
  );
}
