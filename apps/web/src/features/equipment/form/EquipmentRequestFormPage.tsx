import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { TextArea } from '@servicedesk/ui/TextArea';
import {
  FileUploadField,
  LazyNumberField as NumberField,
  LazySelect as Select,
  LazySelectSearch as SelectSearch,
  usePreload,
} from '../../shared/lazy-fields';
import { storage } from '../../../session/storage';
import { requestPath } from '../shared/equipment-display';
import { RequestLines, RequestTotal } from './RequestLines';
import { useRequestForm } from './use-request-form';
import * as p from '../../shared/page.css';
import * as s from '../shared/equipment.css';

/**
 * /home/inventory/requests/new and /home/inventory/requests/:id/edit (issue #12 "Create"): on
 * behalf of (with `inventory.requests.onBehalf`), the budget line with what it has left, the
 * justification, lines (free text, quantity, unit, estimated unit price), attachments; the total
 * and — when it goes over the line's remaining amount — a warning that the director will have to
 * override. "Save draft" keeps it a DRAFT; "Submit" sends it to the director.
 */
export function EquipmentRequestFormPage() {
  const { t } = useTranslation();
  // The form shows once the reference data is there; its fields' code loads meanwhile (issue #19).
  usePreload(Select, SelectSearch, NumberField);
  const navigate = useNavigate();
  const form = useRequestForm();
  const { editId, existing, reference, save, attempt, values, set, errors, message, budgetItems } = form;
  const me = storage.getUser()?.id ?? null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.send(true);
  };

  const title = editId
    ? t('equipment.form.editTitle', { number: existing.data?.request.number ?? '' })
    : t('equipment.form.title');
  const loading = reference.isPending || (editId !== undefined && existing.isPending);
  return (
    <div className={p.page}>
      <div>
        <h1 className={p.heading}>{title}</h1>
        <p className={p.lead}>{t('equipment.form.description')}</p>
      </div>
      <section className={p.card}>
        {loading ? (
          <p className={s.muted} role="status">
            {t('loading')}
          </p>
        ) : reference.isError || existing.isError ? (
          <p role="alert">{t('error.generic')}</p>
        ) : (
          <form className={s.form} onSubmit={onSubmit} noValidate aria-label={title}>
            <div className={s.formGrid}>
              {reference.data?.mayRequestOnBehalf ? (
                <Select
                  label={t('equipment.form.requester')}
                  items={(reference.data.people ?? []).map((u) => ({
                    id: String(u.id),
                    label: u.id === me ? t('equipment.form.me', { name: u.name }) : u.name,
                  }))}
                  selectedKey={String(values.requesterId ?? me ?? '')}
                  onSelectionChange={(key) => set('requesterId', key === null ? null : Number(key))}
                />
              ) : null}
              <Select
                label={t('equipment.form.budget')}
                items={budgetItems}
                selectedKey={values.budgetId === null ? null : String(values.budgetId)}
                onSelectionChange={(key) => set('budgetId', key === null ? null : Number(key))}
                placeholder={t('equipment.form.chooseBudget')}
                isInvalid={errors.budgetId !== undefined}
                errorMessage={message(errors.budgetId)}
              />
            </div>
            <TextArea
              label={t('equipment.form.justification')}
              value={values.justification}
              onChange={(v) => set('justification', v)}
              rows={3}
              isRequired
              isInvalid={errors.justification !== undefined}
              errorMessage={message(errors.justification)}
            />
            <RequestLines form={form} />
            <RequestTotal form={form} />
            <FileUploadField
              type="equipmentRequest"
              label={t('equipment.form.attachments')}
              onChange={(files) =>
                set(
                  'fileIds',
                  files.map((f) => f.id),
                )
              }
            />
            {form.serverError ? (
              <p className={s.budgetWarning} role="alert">
                {form.serverError}
              </p>
            ) : null}
            <div className={s.formActions}>
              <Button
                variant="ghost"
                onPress={() =>
                  void navigate(editId ? requestPath(editId) : '/home/inventory/requests')
                }
              >
                {t('cancel')}
              </Button>
              <Button
                variant="secondary"
                isPending={save.isPending && attempt === 'draft'}
                isDisabled={save.isPending}
                onPress={() => form.send(false)}
              >
                {t('equipment.form.saveDraft')}
              </Button>
              <Button
                type="submit"
                isPending={save.isPending && attempt === 'submit'}
                isDisabled={save.isPending}
              >
                {t('equipment.form.submit')}
              </Button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
