import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteDocument } from '@servicedesk/api/documents/documents';
import { useCurrentUser } from '@servicedesk/api/global/get-current-user';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import { Button } from '@servicedesk/ui/Button';
import { Dialog } from '@servicedesk/ui/Dialog';
import { toast } from '@servicedesk/ui/Toast';
import { LazySelect as Select } from '../../shared/lazy-fields';
import { documentsErrorText } from '../shared/errors';
import * as s from '../shared/documents.css';

type Step = { purpose: 'visa' | 'approval'; mode: 'all' | 'any'; userIds: number[] };
const MAX_STEPS = 10;

/**
 * Sends a document on a route (issue #41): steps one after the other, each a visa or an approval by
 * its people — all of them, or any one. Neither the sender nor the document's author is offered (the
 * server refuses them too, `selfRouting`). POST /api/documents/{id}/route.
 */
export function RouteDialog({ documentId, authorId, isOpen, onClose }: { documentId: number; authorId: number; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser().data?.id;
  const users = useUsersNameAndId();
  const route = useRouteDocument();
  const [steps, setSteps] = useState<Step[]>([{ purpose: 'approval', mode: 'all', userIds: [] }]);
  const [error, setError] = useState<string | null>(null);
  const offered = (users.data ?? []).filter((u) => u.id !== me && u.id !== authorId);
  const nameOf = (uid: number) => users.data?.find((u) => u.id === uid)?.name ?? `#${uid}`;
  const change = (i: number, patch: Partial<Step>) => setSteps((list) => list.map((step, j) => (j === i ? { ...step, ...patch } : step)));

  return (
    <Dialog
      title={t('documents.detail.routeTitle')}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      closeLabel={t('documents.bin.close')}
      size="lg"
      footer={
        <Button
          isDisabled={steps.some((step) => step.userIds.length === 0) || route.isPending}
          onPress={() => {
            setError(null);
            route.mutate(
              { id: documentId, steps },
              {
                onSuccess: () => {
                  toast.show({ title: t('documents.detail.routed'), variant: 'success' });
                  setSteps([{ purpose: 'approval', mode: 'all', userIds: [] }]);
                  onClose();
                },
                onError: (e) => setError(documentsErrorText(t, e)),
              },
            );
          }}
        >
          {t('documents.detail.send')}
        </Button>
      }
    >
      <div className={s.form}>
        <p className={s.muted}>{t('documents.detail.noSelf')}</p>
        <ol className={s.list} aria-label={t('documents.detail.steps')}>
          {steps.map((step, i) => (
            <li key={i} className={s.step} aria-label={t('documents.detail.step', { n: i + 1 })}>
              <strong>{t('documents.detail.step', { n: i + 1 })}</strong>
              <div className={s.actions}>
                <Select
                  label={t('documents.detail.purposeLabel')}
                  items={(['approval', 'visa'] as const).map((x) => ({ id: x, label: t(`documents.detail.purpose.${x}`) }))}
                  selectedKey={step.purpose}
                  onSelectionChange={(k) => change(i, { purpose: k as Step['purpose'] })}
                />
                <Select
                  label={t('documents.detail.modeLabel')}
                  items={(['all', 'any'] as const).map((x) => ({ id: x, label: t(`documents.detail.mode.${x}`) }))}
                  selectedKey={step.mode}
                  onSelectionChange={(k) => change(i, { mode: k as Step['mode'] })}
                />
                <Select
                  label={t('documents.detail.people')}
                  items={offered.filter((u) => !step.userIds.includes(u.id)).map((u) => ({ id: String(u.id), label: u.name }))}
                  selectedKey={null}
                  onSelectionChange={(k) => k !== null && change(i, { userIds: [...step.userIds, Number(k)] })}
                />
              </div>
              <ul className={s.list} aria-label={t('documents.detail.stepPeople', { n: i + 1 })}>
                {step.userIds.map((uid) => (
                  <li key={uid} className={s.row}>
                    {nameOf(uid)}
                    <Button size="sm" variant="ghost" onPress={() => change(i, { userIds: step.userIds.filter((x) => x !== uid) })}>
                      {t('documents.permissions.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
              {steps.length > 1 ? (
                <Button size="sm" variant="ghost" onPress={() => setSteps((list) => list.filter((_, j) => j !== i))}>
                  {t('documents.detail.removeStep')}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        {steps.length < MAX_STEPS ? (
          <Button variant="secondary" onPress={() => setSteps((list) => [...list, { purpose: 'approval', mode: 'all', userIds: [] }])}>
            {t('documents.detail.addStep')}
          </Button>
        ) : null}
        {error ? (
          <p role="alert" className={s.error}>
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
