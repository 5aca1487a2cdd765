import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useNewsPost, useNewsReaders } from '@servicedesk/api/news/news-read';
import { useCommentNews, useDeleteNews, useReadNews } from '@servicedesk/api/news/news-write';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { RecordPage, RecordSection } from '@servicedesk/ui/RecordPage';
import { toast } from '@servicedesk/ui/Toast';
import { RecordAttachments } from '../shared/record/RecordAttachments';
import { RecordTimeline } from '../shared/record/RecordTimeline';
import { useRefusalText } from '../shared/record/refusal';
import { useRecordTimeline, type RecordTimelineOptions } from '../shared/record/use-record-timeline';
import { Confirm, Likes, NEWS_REFUSALS, Stats } from './NewsPostSections';
import { numericDateTime } from '../shared/format';
import { RecordCommentForm } from '../shared/record/RecordCommentForm';
import { PostBadges } from './NewsFeedPage';
import { useSanitizedHtml } from './news-html';
import { useCoverUrl } from './use-cover';
import * as p from '../shared/page.css';
import * as s from './news.css';

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
      refusal={NEWS_REFUSALS}
    />
  );
}

/** The edit history's words; an edit names the fields it changed. */
const HISTORY: RecordTimelineOptions = {
  actions: 'news.history',
  notes: (h, t) => (Array.isArray(h.details?.changed) ? [(h.details.changed as string[]).map((field) => t(`news.fields.${field}`, { defaultValue: field })).join(', ')] : []),
};

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
  const history = useRecordTimeline(detail ? { history: detail.history } : undefined, HISTORY);
  const comments = useRecordTimeline(detail ? { history: [], comments: detail.comments } : undefined, HISTORY, 'oldest');
  const marked = useRef<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const explain = useRefusalText(NEWS_REFUSALS);

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
              onError={(e) => toast.show({ title: explain(e), variant: 'error' })}
            >
              {t('news.deleteConfirm', { title: post.title })}
            </ConfirmDialog>
          </span>
        ) : undefined
      }
      fields={fields}
      fieldsTitle={t('news.details')}
      timeline={
        <RecordTimeline entries={history} label={t('news.historyTitle')} />
      }
      timelineTitle={t('news.historyTitle')}
      comments={
        <>
          <RecordTimeline entries={comments} label={t('news.commentsTitle')} emptyText={t('news.noComments')} />
          {detail.canComment ? <CommentForm id={post.id} /> : null}
        </>
      }
      commentsTitle={t('news.commentsTitle')}
      files={detail.attachments.length ? <RecordAttachments files={detail.attachments} label={t('news.attachments')} /> : undefined}
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
