import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamesPerLanguage, UserTypeRow } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import { useCopyUserType } from '@servicedesk/api/admin/userTypes/save-user-type';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { toast } from '@servicedesk/ui/Toast';
import { copyNames, invalidNames } from './user-type-form';
import { UserTypeNameFields } from './UserTypeNameFields';
import * as f from '../../shared/forms.css';
import * as s from './user-types.css';

/**
 * Copy a user type (issue #5, POST /api/admin/userTypes/{id}/copy): the copy gets every grant
 * of the source; its names start as "<name> (copy)" in each language and can be changed here.
 */
export function CopyUserTypeDialog({ source, onClose }: { source: UserTypeRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('admin.userTypes.copy.title', { name: source?.name ?? '' })}
      isOpen={source !== null}
      onOpenChange={(open) => !open && onClose()}
      closeLabel={t('close')}
      isDismissable={false}
    >
      {source ? <CopyForm key={source.id} source={source} onDone={onClose} /> : null}
    </Dialog>
  );
}

function CopyForm({ source, onDone }: { source: UserTypeRow; onDone: () => void }) {
  const { t } = useTranslation();
  const formId = useId();
  const [names, setNames] = useState<NamesPerLanguage>(() =>
    copyNames(source.names, (_lang, name) => t('admin.userTypes.copy.suffix', { name })),
  );
  const [attempted, setAttempted] = useState(false);
  const [nameTaken, setNameTaken] = useState(false);
  const copy = useCopyUserType({
    onSuccess: (saved) => {
      toast.show({ title: t('admin.userTypes.copy.done', { name: saved.name }), variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (isApiRequestError(error, 409)) setNameTaken(true);
      else toast.show({ title: t('error.generic'), variant: 'error' });
    },
  });
  const invalid = attempted ? invalidNames(names) : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (invalidNames(names).length > 0) return;
    copy.mutate({ id: source.id, input: { names: { az: names.az.trim(), en: names.en.trim(), ru: names.ru.trim(), tr: names.tr.trim() } } });
  }

  return (
    <form id={formId} className={f.form} onSubmit={submit} noValidate aria-label={t('admin.userTypes.copy.title', { name: source.name })}>
      <p className={f.note}>{t('admin.userTypes.copy.hint')}</p>
      <UserTypeNameFields
        names={names}
        invalid={invalid}
        nameTaken={nameTaken}
        onChange={(lang, value) => {
          setNames((n) => ({ ...n, [lang]: value }));
          setNameTaken(false);
        }}
      />
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" isPending={copy.isPending}>
          {t('admin.userTypes.copy.submit')}
        </Button>
      </div>
    </form>
  );
}
