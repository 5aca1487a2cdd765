import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMMENT_MIN_LENGTH, type ContractAction } from '@servicedesk/contracts';
import { contractKeys } from '@servicedesk/api/contracts/contracts-keys';
import { useContractAction, type ContractCall } from '@servicedesk/api/contracts/contract-action';
import { Button } from '@servicedesk/ui/Button';
import { Prompt } from '@servicedesk/ui/Prompt';
import { RecordSection } from '@servicedesk/ui/RecordPage';
import { useRecordAction } from '../../shared/record/use-record-action';
import { CONTRACT_RECORD_KIND } from '../shared/contracts-display';
import * as s from '../shared/contracts.css';

/** The order of the action buttons; `edit` opens the form. */
const ORDER: ContractAction[] = ['visa', 'lawyerCallback', 'lawyerReject', 'clerkProcess', 'edit', 'submit', 'renew', 'deactivate', 'cancel'];
/** Calls that ask a text first: lawyerReject a comment, deactivate the reason (both ≥ 10 characters). */
const ASKS: Partial<Record<ContractCall, 'comment' | 'reason'>> = { lawyerReject: 'comment', deactivate: 'reason' };
const SECONDARY = new Set<ContractAction>(['deactivate', 'cancel', 'lawyerReject']);

/** The contracts' refusal sentences (`contracts.errors.<code>`, with the error's details), before the shared ones. */
export const CONTRACT_REFUSALS = { codes: 'contracts.errors' };

/**
 * The contract's actions the server allows this user now (`allowedActions`) as buttons: visa,
 * lawyer approve / return with a comment, clerk register, edit, submit, renew (opens the new
 * term), deactivate with a reason, cancel. Each runs through the record kit (useRecordAction): the
 * contract and its approval chain refresh together, a toast says what happened or why not.
 */
export function ContractActions({ id, allowed }: { id: number; allowed: readonly ContractAction[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const action = useContractAction();
  const { running, run } = useRecordAction<ContractCall>({ recordKind: CONTRACT_RECORD_KIND, recordId: id, recordKey: contractKeys.detail(id), refusal: CONTRACT_REFUSALS });
  const [asking, setAsking] = useState<ContractCall | null>(null);
  const buttons = ORDER.filter((a) => allowed.includes(a));

  const call = async (which: ContractCall, text?: string) => {
    const next = await run(which, () => action.mutateAsync({ id, call: which, ...(which === 'deactivate' ? { desc: text } : { comment: text }) }), t(`contracts.actions.done.${which}`));
    if (which === 'renew' && next) void navigate(`/home/contracts/${next.contract.id}`);
  };
  const press = (which: ContractAction) => {
    if (which === 'edit') void navigate(`/home/contracts/${id}/edit`);
    else if (ASKS[which]) setAsking(which);
    else call(which).catch(() => undefined);
  };
  if (buttons.length === 0) return null;
  return (
    <RecordSection title={t('contracts.fields.status')}>
      <div className={s.buttons}>
        {buttons.map((which) => (
          <Button
            key={which}
            variant={SECONDARY.has(which) ? 'secondary' : 'primary'}
            isPending={running === which}
            isDisabled={running !== null && running !== which}
            onPress={() => press(which)}
          >
            {t(`contracts.actions.${which}`)}
          </Button>
        ))}
      </div>
      {asking ? (
        <Prompt
          key={asking}
          isOpen
          onOpenChange={(open) => (open ? undefined : setAsking(null))}
          title={t(`contracts.actions.${asking}`)}
          label={t(ASKS[asking] === 'reason' ? 'contracts.actions.reasonLabel' : 'contracts.actions.commentLabel')}
          submitLabel={t(`contracts.actions.${asking}`)}
          cancelLabel={t('contracts.actions.close')}
          minLength={COMMENT_MIN_LENGTH}
          minLengthMessage={t('contracts.actions.commentHint')}
          onSubmit={async (text) => {
            await call(asking, text);
            setAsking(null);
          }}
        />
      ) : null}
    </RecordSection>
  );
}
