import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ContractReference, FileItem } from '@servicedesk/contracts';
import { useModalElements } from '@servicedesk/api/modalElements/get-modal-elements';
import { Button } from '@servicedesk/ui/Button';
import { FileUploadField } from '../../shared/lazy-fields';
import { storage } from '../../../session/storage';
import type { ContractFormValues } from './contract-form';
import { ContractTermsFields } from './ContractTermsFields';
import { CounterpartyFieldset } from './CounterpartyFieldset';
import { IdChoices } from './IdChoices';
import { useContractForm } from './use-contract-form';
import * as p from '../../shared/page.css';
import * as s from '../shared/contracts.css';

/**
 * The contract form with its values loaded (see ContractFormPage): counterparty, terms, the visa
 * reviewers (the caller left out: an author does not endorse their own contract), tags (when the
 * `tag` list has any), files (PDF, DOCX: upload type `contract`; stored ones shown, never sent
 * again), the server's refusal, and Cancel / Save draft / Save and submit (Enter submits).
 */
export function ContractForm({
  title,
  editId,
  initial,
  reference,
  files,
}: {
  title: string;
  editId: number | null;
  initial: ContractFormValues;
  reference: ContractReference | undefined;
  /** The contract's stored files (editing): shown, and never sent again. */
  files: FileItem[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useContractForm(initial, editId);
  const tags = useModalElements('tag');
  const { values, set, busy } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.send(true);
  }

  return (
    <div className={p.page}>
      <h1 className={p.heading}>{title}</h1>
      <section className={`${p.card} ${s.formCard}`}>
        <form className={s.form} onSubmit={onSubmit} noValidate aria-label={title}>
          <CounterpartyFieldset form={form} reference={reference} />
          <ContractTermsFields form={form} reference={reference} />
          <IdChoices
            legend={t('contracts.fields.reviewers')}
            items={(reference?.reviewers ?? []).filter((u) => u.id !== storage.getUser()?.id)}
            value={values.reviewerIds}
            onChange={(ids) => set('reviewerIds', ids)}
            error={form.message('reviewerIds')}
          />
          {(tags.data ?? []).length > 0 ? (
            <IdChoices
              legend={t('contracts.fields.tags')}
              items={tags.data ?? []}
              value={values.tagIds}
              onChange={(ids) => set('tagIds', ids)}
            />
          ) : null}
          <FileUploadField
            type="contract"
            label={t('contracts.fields.files')}
            defaultFiles={files}
            onChange={(stored) =>
              set(
                'fileIds',
                stored.filter((f) => !files.some((old) => old.id === f.id)).map((f) => f.id),
              )
            }
          />
          {form.serverError ? (
            <p className={s.error} role="alert">
              {form.serverError}
            </p>
          ) : null}
          <div className={s.actions}>
            <Button
              variant="secondary"
              onPress={() =>
                void navigate(editId === null ? '/home/contracts' : `/home/contracts/${editId}`)
              }
            >
              {t('contracts.form.cancel')}
            </Button>
            <Button variant="secondary" isPending={busy} onPress={() => void form.send(false)}>
              {t('contracts.form.saveDraft')}
            </Button>
            <Button type="submit" isPending={busy}>
              {t('contracts.form.saveAndSubmit')}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
