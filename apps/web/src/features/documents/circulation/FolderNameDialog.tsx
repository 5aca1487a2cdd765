import { useTranslation } from 'react-i18next';
import { folderNameFlags } from '@servicedesk/contracts';
import { useCreateFolder, useUpdateFolder } from '@servicedesk/api/documents/folders';
import { FolderNamePrompt } from '@servicedesk/ui/FolderNamePrompt';
import { toast } from '@servicedesk/ui/Toast';
import { documentsErrorText } from '../shared/errors';

/** A new folder under `parentId` (null = the root) or a folder's new name. */
export type FolderPrompt = { mode: 'create'; parentId: number | null } | { mode: 'rename'; id: number; name: string };

/**
 * The folder-name prompt (SPEC §5 name rule, checked before the server is asked): creates the
 * folder (then `onCreated` with it) or renames it; a refusal is a toast and keeps the prompt open.
 */
export function FolderNameDialog({ prompt, onClose, onCreated }: { prompt: FolderPrompt; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const createFolder = useCreateFolder();
  const updateFolder = useUpdateFolder();
  const nameMessages = {
    required: t('documents.folders.nameErrors.required'),
    maxLength: t('documents.folders.nameErrors.maxLength'),
    invalidCharacters: t('documents.folders.nameErrors.invalidCharacters'),
    reservedName: t('documents.folders.nameErrors.reservedName'),
  };
  return (
    <FolderNamePrompt
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={prompt.mode === 'create' ? t('documents.folders.createTitle') : t('documents.folders.renameTitle')}
      label={t('documents.folders.nameLabel')}
      submitLabel={prompt.mode === 'create' ? t('documents.folders.create') : t('documents.folders.save')}
      cancelLabel={t('cancel')}
      messages={nameMessages}
      validate={folderNameFlags}
      defaultValue={prompt.mode === 'rename' ? prompt.name : ''}
      onSubmit={async (name) => {
        try {
          if (prompt.mode === 'create') {
            const folder = await createFolder.mutateAsync({ name, parentId: prompt.parentId });
            onCreated(folder.id);
          } else {
            await updateFolder.mutateAsync({ id: prompt.id, name });
          }
        } catch (error) {
          toast.show({ title: documentsErrorText(t, error), variant: 'error' });
          throw error;
        }
      }}
    />
  );
}
