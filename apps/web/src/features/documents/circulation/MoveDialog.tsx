import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFolder } from '@servicedesk/contracts';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { Select } from '@servicedesk/ui/Select';
import { documentsErrorText } from '../shared/errors';
import { moveTargets, useMoveItem, type MoveItem } from './move-item';
import * as s from '../shared/documents.css';

/**
 * Moves a document or a folder to another folder (issue #41) — the keyboard's way to do what a drag
 * onto the folder tree does (`moveItem`): POST /api/documents/{id}/move, or PUT
 * /api/documents/folders/{id} { parentId }. The server's refusal (a permission, `folderCycle`,
 * `folderNameTaken`) is shown in the dialog.
 */
export function MoveDialog({ item, folders, onClose }: { item: MoveItem | null; folders: readonly DocumentFolder[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const move = useMoveItem();
  if (!item) return null;
  const targets = moveTargets(item, folders);
  return (
    <Dialog
      title={t('documents.move.title', { name: item.name })}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      closeLabel={t('documents.bin.close')}
      footer={
        <Button
          isDisabled={target === null || move.isPending}
          onPress={() => {
            const folder = targets.find((f) => f.id === target);
            if (!folder) return;
            setError(null);
            move.run(item, folder).then(onClose, (e: unknown) => setError(documentsErrorText(t, e)));
          }}
        >
          {t('documents.move.submit')}
        </Button>
      }
    >
      <div className={s.form}>
        {targets.length === 0 ? <p className={s.muted}>{t('documents.move.noTargets')}</p> : null}
        <Select label={t('documents.move.target')} items={targets.map((f) => ({ id: String(f.id), label: f.name }))} selectedKey={target === null ? null : String(target)} onSelectionChange={(k) => setTarget(k === null ? null : Number(k))} />
        {error ? (
          <p role="alert" className={s.error}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

