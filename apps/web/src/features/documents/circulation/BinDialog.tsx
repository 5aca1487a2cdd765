import { useTranslation } from 'react-i18next';
import { useRecycleBin, usePurgeFromBin, useRestoreFromBin } from '@servicedesk/api/documents/bin';
import { formatDateTime } from '@servicedesk/i18n';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { toast } from '@servicedesk/ui/Toast';
import { numericDateTime } from '../../shared/format';
import { documentsErrorText } from '../shared/errors';
import * as s from '../shared/documents.css';

/**
 * The recycle bin (issue #15): what the caller deleted (everything for purge holders and folder
 * administrators) with where it was, who deleted it and when, and when the job purges it;
 * restore puts it back (or at the root when its place is gone), purge removes it for good
 * (documents.circulation.purge).
 */
export function BinDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const bin = useRecycleBin(isOpen);
  const restore = useRestoreFromBin();
  const purge = usePurgeFromBin();
  const when = (iso: string) => formatDateTime(iso, i18n.language, numericDateTime);
  const items = bin.data?.items ?? [];
  return (
    <Dialog title={t('documents.bin.title')} isOpen={isOpen} onOpenChange={(open) => (open ? undefined : onClose())} closeLabel={t('documents.bin.close')} size="lg">
      {bin.isPending ? <p className={s.muted}>{t('loading')}</p> : null}
      {!bin.isPending && items.length === 0 ? <p className={s.muted}>{t('documents.bin.empty')}</p> : null}
      <ul className={s.list} aria-label={t('documents.bin.title')}>
        {items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className={s.row}>
            <span>
              <strong>{t('documents.bin.item', { kind: t(`documents.bin.kind.${item.kind}`), name: item.name })}</strong>
              <br />
              <span className={s.muted}>
                {t('documents.bin.meta', { folder: item.originalFolder ?? t('documents.bin.rootFolder'), who: item.deletedBy, when: when(item.deletedAt), purge: when(item.purgeAt) })}
              </span>
            </span>
            <span className={s.actions}>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${t('documents.bin.restore')}: ${item.name}`}
                onPress={() =>
                  restore.mutate(
                    { kind: item.kind, id: item.id },
                    {
                      onSuccess: () => toast.show({ title: t('documents.bin.restored', { name: item.name }), variant: 'success' }),
                      onError: (e) => toast.show({ title: documentsErrorText(t, e), variant: 'error' }),
                    },
                  )
                }
              >
                {t('documents.bin.restore')}
              </Button>
              {bin.data?.canPurge ? (
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={`${t('documents.bin.purge')}: ${item.name}`}
                  onPress={() =>
                    purge.mutate(
                      { kind: item.kind, id: item.id },
                      {
                        onSuccess: () => toast.show({ title: t('documents.bin.purged', { name: item.name }), variant: 'success' }),
                        onError: (e) => toast.show({ title: documentsErrorText(t, e), variant: 'error' }),
                      },
                    )
                  }
                >
                  {t('documents.bin.purge')}
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
