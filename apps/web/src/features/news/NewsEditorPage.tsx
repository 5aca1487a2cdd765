import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FileItem, NewsPostDetail, SaveNewsInput } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useNewsPost, useNewsReference } from '@servicedesk/api/news/news-read';
import { useSaveNews } from '@servicedesk/api/news/news-write';
import { Button } from '@servicedesk/ui/Button';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { FileUploadField } from '../shared/lazy-fields';
import { RichTextEditor } from './RichTextEditor';
import * as p from '../shared/page.css';
import * as f from '../shared/forms.css';
import * as s from './news.css';

/** An ISO instant as the value of a datetime-local input (the browser's time zone), '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant, null when empty. */
export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

interface FormState {
  title: string;
  body: string;
  everyone: boolean;
  groupIds: number[];
  locationIds: number[];
  publishAt: string;
  unpublishAt: string;
  pinned: boolean;
  mandatory: boolean;
  cover: FileItem | null;
  files: FileItem[];
}

const initial = (detail?: NewsPostDetail): FormState => ({
  title: detail?.post.title ?? '',
  body: detail?.post.body ?? '',
  everyone: detail?.audience.everyone ?? true,
  groupIds: detail?.audience.groupIds ?? [],
  locationIds: detail?.audience.locationIds ?? [],
  publishAt: toLocalInput(detail?.post.state === 'scheduled' ? detail.post.publishAt : null),
  unpublishAt: toLocalInput(detail?.post.unpublishAt ?? null),
  pinned: detail?.post.pinned ?? false,
  mandatory: detail?.post.mandatory ?? false,
  cover: detail?.post.cover ?? null,
  files: detail?.attachments ?? [],
});

/** The form's state as the save call's input. */
export function toSaveInput(state: FormState, id?: number): SaveNewsInput {
  return {
    ...(id ? { id } : {}),
    title: state.title.trim(),
    body: state.body,
    coverFileId: state.cover?.id ?? null,
    fileIds: state.files.map((file) => file.id),
    audience: { everyone: state.everyone, groupIds: state.everyone ? [] : state.groupIds, locationIds: state.everyone ? [] : state.locationIds },
    publishAt: fromLocalInput(state.publishAt),
    unpublishAt: fromLocalInput(state.unpublishAt),
    pinned: state.pinned,
    mandatory: state.mandatory,
  };
}

function Form({ detail }: { detail?: NewsPostDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reference = useNewsReference();
  const save = useSaveNews();
  const [state, setState] = useState(() => initial(detail));
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<FormState>) => setState((old) => ({ ...old, ...patch }));
  const toggle = (list: number[], id: number, on: boolean) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id));
  const audienceMissing = !state.everyone && state.groupIds.length === 0 && state.locationIds.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.title.trim() === '') return setError(t('news.editor.titleRequired'));
    if (audienceMissing) return setError(t('news.editor.audienceRequired'));
    setError(null);
    save.mutate(toSaveInput(state, detail?.post.id), {
      onSuccess: (saved) => {
        toast.show({ title: t('news.editor.saved'), variant: 'success' });
        navigate(`/home/news/${saved.post.id}`);
      },
      onError: (e) => setError(t(isApiRequestError(e) ? `news.errors.${e.code}` : 'error.generic', { defaultValue: t('error.generic') })),
    });
  };

  return (
    <form className={f.form} onSubmit={submit} noValidate>
      {error ? (
        <p className={f.error} role="alert">
          {error}
        </p>
      ) : null}
      <TextField label={t('news.fields.title')} value={state.title} onChange={(title) => set({ title })} isRequired maxLength={200} />
      <RichTextEditor label={t('news.fields.body')} defaultValue={state.body} onChange={(body) => set({ body })} />
      <FileUploadField
        type="news"
        label={t('news.fields.cover')}
        allowsMultiple={false}
        defaultFiles={state.cover ? [state.cover] : []}
        onChange={(files) => set({ cover: files[0] ?? null })}
      />
      <FileUploadField type="news" label={t('news.attachments')} defaultFiles={state.files} onChange={(files) => set({ files })} />
      <fieldset className={s.fieldset}>
        <legend>{t('news.fields.audience')}</legend>
        <label className={s.check}>
          <input type="checkbox" checked={state.everyone} onChange={(e) => set({ everyone: e.target.checked })} />
          {t('news.audience.everyone')}
        </label>
        {!state.everyone ? (
          <div className={s.grid2} style={{ width: '100%' }}>
            <div role="group" aria-label={t('news.audience.groups')}>
              <p className={p.statLabel}>{t('news.audience.groups')}</p>
              {reference.data?.groups.map((g) => (
                <label key={g.id} className={s.check} style={{ display: 'flex' }}>
                  <input type="checkbox" checked={state.groupIds.includes(g.id)} onChange={(e) => set({ groupIds: toggle(state.groupIds, g.id, e.target.checked) })} />
                  {g.name}
                </label>
              ))}
            </div>
            <div role="group" aria-label={t('news.audience.locations')}>
              <p className={p.statLabel}>{t('news.audience.locations')}</p>
              {reference.data?.locations.map((l) => (
                <label key={l.id} className={s.check} style={{ display: 'flex' }}>
                  <input type="checkbox" checked={state.locationIds.includes(l.id)} onChange={(e) => set({ locationIds: toggle(state.locationIds, l.id, e.target.checked) })} />
                  {l.name}
                </label>
              ))}
            </div>
          </div>
        ) : null}
      </fieldset>
      <div className={s.grid2}>
        <label className={s.label}>
          {t('news.fields.publishAt')}
          <input className={s.input} type="datetime-local" value={state.publishAt} onChange={(e) => set({ publishAt: e.target.value })} />
          <span className={f.note}>{t('news.editor.publishHint')}</span>
        </label>
        <label className={s.label}>
          {t('news.fields.unpublishAt')}
          <input className={s.input} type="datetime-local" value={state.unpublishAt} onChange={(e) => set({ unpublishAt: e.target.value })} />
          <span className={f.note}>{t('news.editor.unpublishHint')}</span>
        </label>
      </div>
      <div className={s.row}>
        <label className={s.check}>
          <input type="checkbox" checked={state.pinned} onChange={(e) => set({ pinned: e.target.checked })} />
          {t('news.fields.pinned')}
        </label>
        <label className={s.check}>
          <input type="checkbox" checked={state.mandatory} onChange={(e) => set({ mandatory: e.target.checked })} />
          {t('news.fields.mandatory')}
        </label>
      </div>
      <div className={f.actions}>
        <Link to={detail ? `/home/news/${detail.post.id}` : '/home/news'}>{t('news.cancel')}</Link>
        <Button type="submit" isPending={save.isPending}>
          {state.publishAt && new Date(state.publishAt) > new Date() ? t('news.editor.schedule') : t('news.editor.publish')}
        </Button>
      </div>
    </form>
  );
}

/**
 * /home/news/new and /home/news/:id/edit (issue #18, news.create): title, rich-text body, cover
 * image, attachments, audience (everyone, or groups and locations), publish at (empty = now)
 * and unpublish at, pinned, mandatory reading. The server sanitises the body and checks the
 * author; its refusals show above the form.
 */
export function NewsEditorPage() {
  const { t } = useTranslation();
  const param = useParams().id;
  const id = param === undefined ? null : Number(param);
  const query = useNewsPost(id);
  return (
    <div className={p.page}>
      <h1 className={p.heading}>{id ? t('news.editor.editTitle') : t('news.editor.newTitle')}</h1>
      {id === null ? <Form /> : query.data ? <Form detail={query.data} /> : <p className={p.muted}>{query.isError ? t('news.notFound') : t('loading')}</p>}
    </div>
  );
}
