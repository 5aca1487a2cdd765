import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpdeskAction, HelpdeskRequestDetail, HelpdeskTransitionInput } from '@servicedesk/contracts';
import { helpdeskKeys } from '@servicedesk/api/helpdesk/helpdesk-keys';
import { useRequestAction } from '@servicedesk/api/helpdesk/request-action';
import { useHelpdeskReference } from '@servicedesk/api/helpdesk/get-helpdesk-reference';
import { Button } from '@servicedesk/ui/Button';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { lazyDialog } from '../../shared/lazy-fields';
import { useRecordAction } from '../../shared/record/use-record-action';
import { actionButtons, actionInputs, actionTones, HELPDESK_RECORD_KIND } from './detail-model';
import * as s from './detail.css';

/** The action dialogs (prompts, selects) load when the first one opens. */
const ActionDialogs = lazyDialog(
  () => import('./ActionDialogs').then((m) => m.ActionDialogs),
  (props) => props.action !== null,
);

/** Help desk's own refusal sentences (its 403 rules), before the shared ones. */
export const HELPDESK_REFUSALS = { rules: 'helpdeskDetail.refusals' };

/**
 * The buttons of the actions the server allows this user now (`allowedActions`) and the solution
 * once resolved: reject and reopen ask a comment, hold a reason and a comment, resolve the
 * solution, assign a group member, cancel a confirmation; the rest run at once. Each runs through
 * the record kit: the request and its approval chain refresh, a toast says what happened or why not.
 */
export function RequestActions({ detail }: { detail: HelpdeskRequestDetail }) {
  const { t } = useTranslation();
  const r = detail.request;
  const reference = useHelpdeskReference();
  const action = useRequestAction();
  const { running, run } = useRecordAction<HelpdeskAction>({ recordKind: HELPDESK_RECORD_KIND, recordId: r.id, recordKey: helpdeskKeys.detail(r.id), refusal: HELPDESK_REFUSALS });
  const [dialog, setDialog] = useState<HelpdeskAction | null>(null);
  const buttons = actionButtons(detail.allowedActions);
  const members = reference.data?.groups.find((g) => g.id === r.groupId)?.members ?? [];
  const call = (which: HelpdeskAction, input: HelpdeskTransitionInput) =>
    run(which, () => action.mutateAsync({ id: r.id, action: which, ...input }), t(`helpdeskDetail.done.${which}`));
  const press = (which: HelpdeskAction) => {
    if (actionInputs[which] === 'none') call(which, {}).catch(() => undefined);
    else setDialog(which);
  };
  return (
    <RecordSection title={t('helpdeskDetail.actionsTitle')}>
      {buttons.length > 0 ? (
        <div className={s.actions} role="group" aria-label={t('helpdeskDetail.actionsTitle')}>
          {buttons.map((which) => (
            <Button
              key={which}
              variant={actionTones[which]}
              isPending={running === which && actionInputs[which] === 'none'}
              isDisabled={running !== null}
              onPress={() => press(which)}
            >
              {t(`helpdeskDetail.actions.${which}`)}
            </Button>
          ))}
        </div>
      ) : (
        <p className={s.muted}>{t('helpdeskDetail.noActions')}</p>
      )}
      {r.solution ? (
        <p className={s.solution}>
          <strong>{t('helpdeskDetail.fields.solution')}:</strong> {r.solution}
        </p>
      ) : null}
      <ActionDialogs action={dialog} onClose={() => setDialog(null)} members={members} onSubmit={async (which, input) => void (await call(which, input))} />
    </RecordSection>
  );
}
