import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELPDESK_HOLD_REASONS, type HelpdeskAction, type HelpdeskHoldReason, type HelpdeskTransitionInput } from '@servicedesk/contracts';
import { ConfirmDialog } from '@servicedesk/ui/ConfirmDialog';
import { Prompt, PromptShell } from '@servicedesk/ui/Prompt';
import { Select } from '@servicedesk/ui/Select';
import { SelectPrompt } from '@servicedesk/ui/SelectPrompt';
import { TextArea } from '@servicedesk/ui/TextArea';
import { actionInputs, COMMENT_MIN_LENGTH, isLongEnough } from './detail-model';

export interface ActionDialogsProps {
  /** The action whose dialog is open; null = none. Actions without input never open one. */
  action: HelpdeskAction | null;
  onClose: () => void;
  /** The group members the request may be assigned to. */
  members: { id: number; name: string }[];
  /** Sends the action with its fields; a rejection keeps the dialog open (the page shows why). */
  onSubmit: (action: HelpdeskAction, input: HelpdeskTransitionInput) => Promise<void>;
}

/** Hold: a reason and a comment, both required (the server's `holdReason` and `comment`). */
function HoldDialog({ isOpen, onClose, onSubmit }: { isOpen: boolean; onClose: () => void; onSubmit: ActionDialogsProps['onSubmit'] }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<HelpdeskHoldReason | null>(null);
  const [comment, setComment] = useState('');
  const [attempted, setAttempted] = useState(false);
  return (
    <PromptShell
      title={t('helpdeskDetail.dialogs.holdTitle')}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose())}
      submitLabel={t('helpdeskDetail.actions.hold')}
      cancelLabel={t('cancel')}
      onValidSubmit={() => {
        setAttempted(true);
        if (!reason || !isLongEnough(comment)) return null;
        return () => onSubmit('hold', { holdReason: reason, comment: comment.trim() });
      }}
    >
      <Select
        label={t('helpdeskDetail.dialogs.holdReason')}
        items={HELPDESK_HOLD_REASONS.map((r) => ({ id: r, label: t(`helpdesk.holdReason.${r}`) }))}
        selectedKey={reason}
        onSelectionChange={(key) => setReason(key === null ? null : (String(key) as HelpdeskHoldReason))}
        isRequired
        isInvalid={attempted && !reason}
        errorMessage={t('helpdeskDetail.dialogs.reasonRequired')}
        placeholder={t('helpdeskDetail.dialogs.choose')}
      />
      <TextArea
        label={t('helpdeskDetail.dialogs.comment')}
        value={comment}
        onChange={setComment}
        isRequired
        isInvalid={attempted && !isLongEnough(comment)}
        errorMessage={t('helpdeskDetail.dialogs.minLength', { count: COMMENT_MIN_LENGTH })}
      />
    </PromptShell>
  );
}

/**
 * The dialog each action with input opens (issue #6): reject and reopen ask a comment (Prompt,
 * at least 10 characters, SPEC §5), hold a reason and a comment, resolve the solution, assign a
 * member of the group (SelectPrompt), cancel a confirmation. A dialog stays open while its call
 * runs and when the server refuses (the page toasts the reason), and closes on success.
 */
export function ActionDialogs({ action, onClose, members, onSubmit }: ActionDialogsProps) {
  const { t } = useTranslation();
  const input = action ? actionInputs[action] : 'none';
  const close = (open: boolean) => (open ? undefined : onClose());
  const common = { isOpen: true, onOpenChange: close, cancelLabel: t('cancel') };
  if (!action) return null;

  switch (input) {
    case 'comment':
      return (
        <Prompt
          key={action}
          {...common}
          title={t(`helpdeskDetail.dialogs.${action}Title`)}
          label={t('helpdeskDetail.dialogs.comment')}
          submitLabel={t(`helpdeskDetail.actions.${action}`)}
          minLength={COMMENT_MIN_LENGTH}
          minLengthMessage={t('helpdeskDetail.dialogs.minLength', { count: COMMENT_MIN_LENGTH })}
          onSubmit={(comment) => onSubmit(action, { comment })}
        />
      );
    case 'solution':
      return (
        <Prompt
          key={action}
          {...common}
          title={t('helpdeskDetail.dialogs.resolveTitle')}
          label={t('helpdeskDetail.fields.solution')}
          submitLabel={t('helpdeskDetail.actions.resolve')}
          minLength={COMMENT_MIN_LENGTH}
          minLengthMessage={t('helpdeskDetail.dialogs.minLength', { count: COMMENT_MIN_LENGTH })}
          onSubmit={(solution) => onSubmit(action, { solution })}
        />
      );
    case 'hold':
      return <HoldDialog isOpen onClose={onClose} onSubmit={onSubmit} />;
    case 'assignee':
      return (
        <SelectPrompt
          {...common}
          title={t('helpdeskDetail.dialogs.assignTitle')}
          label={t('helpdeskDetail.fields.assignee')}
          items={members.map((m) => ({ id: String(m.id), label: m.name }))}
          requiredMessage={t('helpdeskDetail.dialogs.assigneeRequired')}
          placeholder={t('helpdeskDetail.dialogs.choose')}
          submitLabel={t('helpdeskDetail.actions.assign')}
          onSubmit={(id) => onSubmit(action, { assigneeId: Number(id) })}
        />
      );
    case 'confirm':
      return (
        <ConfirmDialog
          isOpen
          onOpenChange={close}
          title={t('helpdeskDetail.dialogs.cancelTitle')}
          confirmLabel={t('helpdeskDetail.actions.cancel')}
          cancelLabel={t('helpdeskDetail.dialogs.keep')}
          variant="destructive"
          onConfirm={() => onSubmit(action, {})}
          onError={() => undefined}
        >
          {t('helpdeskDetail.dialogs.cancelMessage')}
        </ConfirmDialog>
      );
    default:
      return null;
  }
}
