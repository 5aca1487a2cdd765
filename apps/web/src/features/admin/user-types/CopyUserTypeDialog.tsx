import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserTypeRow } from '@servicedesk/contracts';
import { useCopyUserType } from '@servicedesk/api/admin/userTypes/save-user-type';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { toast } from '@servicedesk/ui/Toast';
import { copyNames } from './user-type-form';
import { UserTypeNameFields, useUserTypeNames } from './UserTypeNameFields';
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
  const typeNames = useUserTypeNames(() => copyNames(source.names, (_lang, name) => t('admin.userTypes.copy.suffix', { name })));
  const copy = useCopyUserType({
    onSuccess: (saved) => {
      toast.show({ title: t('admin.userTypes.copy.done', { name: saved.name }), variant: 'success' });
      onDone();
    },
    onError: typeNames.saveFailed,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const names = typeNames.submitted();
    if (names) copy.mutate({ id: source.id, input: { names } });
  }

  return (
    <form id={formId} className={f.form} onSubmit={submit} noValidate aria-label={t('admin.userTypes.copy.title', { name: source.name })}>
      <p className={f.note}>{t('admin.userTypes.copy.hint')}</p>
      <UserTypeNameFields {...typeNames.fields} />
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
