import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpdeskPriorityCode } from '@servicedesk/contracts';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { useSaveRequest } from '@servicedesk/api/helpdesk/save-request';
import { useOrgItems } from '@servicedesk/api/admin/org/get-org-items';
import { Button } from '@servicedesk/ui/Button';
import { MentionTextArea, type MentionUser } from '@servicedesk/ui/MentionTextArea';
import { Select } from '@servicedesk/ui/Select';
import { TextField } from '@servicedesk/ui/TextField';
import { toast } from '@servicedesk/ui/Toast';
import { FileUploadField } from '../../shared/lazy-fields';
import { helpdeskErrorText, priorityKey } from '../shared/helpdesk-display';
import { formatTargetTime, mentionedIds } from '../shared/helpdesk-text';
import { emptyRequestForm, toSaveInput, validateRequestForm, type RequestFieldError, type RequestFormValues } from './request-form';
import * as p from '../../shared/page.css';
import * as s from '../../shared/list-page.css';
import { useMentionUsers } from '../../shared/record/use-mention-users';

const NONE = 'none';

/**
 * /home/helpdesk/requests/new (issue #6 "Requester: create a request"; needs
 * `helpdesk.requests.create`): category → component (the component list follows the category;
 * inactive ones are not offered), title, description with @mentions (MentionTextArea over
 * getUsersNameAndId; the mentioned people are notified), priority with its target time,
 * location, attachments through the FileUploader (upload type `helpdeskRequest`). Checked as
 * the server checks (request-form.ts) when sending; the server's refusals show by code. On
 * success a toast names the new number and the detail page opens.
 */
export function CreateRequestPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const reference = useHelpdeskReference();
  const locations = useOrgItems('locations');
  const [values, setValues] = useState<RequestFormValues>(emptyRequestForm);
  const [inserted, setInserted] = useState<MentionUser[]>([]);
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerError(null);
  };
  const save = useSaveRequest({
    onSuccess: (detail) => {
      toast.show({ title: t('helpdesk.create.created', { number: detail.request.number }), variant: 'success' });
      void navigate(`/home/helpdesk/requests/${detail.request.id}`);
    },
    onError: (error) => setServerError(helpdeskErrorText(error, t)),
  });

  const data = reference.data;
  const categories = useMemo(
    () => (data?.categories ?? []).filter((c) => c.isActive && data?.components.some((k) => k.categoryId === c.id && k.isActive)),
    [data],
  );
  const components = useMemo(
    () => (data?.components ?? []).filter((k) => k.isActive && k.categoryId === values.categoryId),
    [data, values.categoryId],
  );
  const component = components.find((k) => k.id === values.componentId) ?? null;
  const mentionUsers = useMentionUsers();

  const errors = attempted ? validateRequestForm(values) : {};
  const message = (error: RequestFieldError | undefined) => (error ? t(error.key, error.values ?? {}) : undefined);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(validateRequestForm(values)).length > 0) return;
    save.mutate(toSaveInput({ ...values, mentionedUserIds: mentionedIds(values.description, inserted) }));
  }

  const title = t('helpdesk.create.title');
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{title}</h1>
        <p className={p.lead}>{t('helpdesk.create.description')}</p>
      </div>
      <section className={`${p.card} ${s.formCard}`}>
        {reference.isPending ? (
          <p className={s.muted} role="status">
            {t('loading')}
          </p>
        ) : reference.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <form className={s.form} onSubmit={submit} noValidate aria-label={title}>
            <div className={s.formGrid}>
              <Select
                label={t('helpdesk.create.category')}
                items={categories.map((c) => ({ id: String(c.id), label: c.name }))}
                selectedKey={values.categoryId === null ? null : String(values.categoryId)}
                onSelectionChange={(key) => {
                  const id = key === null ? null : Number(key);
                  setValues((v) => ({ ...v, categoryId: id, componentId: id === v.categoryId ? v.componentId : null }));
                  setServerError(null);
                }}
                placeholder={t('helpdesk.create.choose')}
                isRequired
                isInvalid={errors.categoryId !== undefined}
                errorMessage={message(errors.categoryId)}
              />
              <Select
                label={t('helpdesk.create.component')}
                items={components.map((k) => ({ id: String(k.id), label: k.name }))}
                selectedKey={values.componentId === null ? null : String(values.componentId)}
                onSelectionChange={(key) => set('componentId', key === null ? null : Number(key))}
                placeholder={values.categoryId === null ? t('helpdesk.create.categoryFirst') : t('helpdesk.create.choose')}
                isDisabled={values.categoryId === null}
                isRequired
                isInvalid={errors.componentId !== undefined}
                errorMessage={message(errors.componentId)}
              />
            </div>
            {component ? (
              <p className={s.hint} role="status">
                {component.requiresApproval
                  ? t('helpdesk.create.needsApproval', { group: component.groupName })
                  : t('helpdesk.create.servedBy', { group: component.groupName })}
              </p>
            ) : null}
            <TextField
              label={t('helpdesk.create.requestTitle')}
              value={values.title}
              onChange={(v) => set('title', v)}
              isRequired
              maxLength={250}
              autoComplete="off"
              isInvalid={errors.title !== undefined}
              errorMessage={message(errors.title)}
            />
            <MentionTextArea
              label={t('helpdesk.create.text')}
              description={t('helpdesk.create.textHint')}
              users={mentionUsers}
              suggestionsLabel={t('helpdesk.create.mentionSuggestions')}
              value={values.description}
              onChange={(v) => set('description', v)}
              onMention={(user) => setInserted((list) => [...list, user])}
              rows={6}
              isRequired
              isInvalid={errors.description !== undefined}
              errorMessage={message(errors.description)}
            />
            <div className={s.formGrid}>
              <Select
                label={t('helpdesk.create.priority')}
                items={(data?.priorities ?? []).map((pr) => ({
                  id: pr.code,
                  label: t('helpdesk.create.priorityOption', { name: t(priorityKey(pr.code)), time: formatTargetTime(pr.targetMinutes, t, i18n.language) }),
                }))}
                selectedKey={values.priority}
                onSelectionChange={(key) => key !== null && set('priority', String(key) as HelpdeskPriorityCode)}
              />
              <Select
                label={t('helpdesk.create.location')}
                items={[{ id: NONE, label: t('helpdesk.create.noLocation') }, ...(locations.data ?? []).map((l) => ({ id: String(l.id), label: l.name }))]}
                selectedKey={values.locationId === null ? NONE : String(values.locationId)}
                onSelectionChange={(key) => set('locationId', key === null || key === NONE ? null : Number(key))}
              />
            </div>
            <FileUploadField
              type="helpdeskRequest"
              label={t('helpdesk.create.attachments')}
              onChange={(files) => set('fileIds', files.map((f) => f.id))}
            />
            {serverError ? (
              <p className={s.formError} role="alert">
                {serverError}
              </p>
            ) : null}
            <div className={s.formActions}>
              <Button variant="secondary" onPress={() => void navigate('/home/helpdesk/requests')}>
                {t('cancel')}
              </Button>
              <Button type="submit" isPending={save.isPending}>
                {t('helpdesk.create.submit')}
              </Button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
