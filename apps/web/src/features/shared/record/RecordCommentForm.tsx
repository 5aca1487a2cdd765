import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { MentionTextArea, type MentionUser } from '@servicedesk/ui/MentionTextArea';
import { toast } from '@servicedesk/ui/Toast';
import { refusalKey } from './refusal';
import { mentionedIds } from './mentions';
import * as s from './record-comment.css';

/** What a record's comment call receives: the trimmed text and the ids of the @mentioned users still in it. */
export interface RecordCommentInput {
  text: string;
  mentionedUserIds: number[];
}

export interface RecordCommentFormProps {
  /** Who may be @mentioned (the suggestions): usually the users who may read the record. */
  users: MentionUser[];
  /** The module's own words: the field's label, the suggestions list's label, the send button, the toast after sending (none when omitted). */
  labels: { label: string; suggestions: string; send: string; sent?: string };
  /** Sends the comment; resolves when the server accepted it (the box is then emptied), rejects with the call's error (the box keeps the text). */
  onSend: (input: RecordCommentInput) => Promise<unknown>;
  /** True while the call is in flight (the button shows it). */
  isPending: boolean;
  /** The translation key explaining a refusal; default: the server's code (`errors.api.<code>`, the engine's rules). */
  errorKey?: (error: unknown) => string;
  className?: string;
}

/**
 * The comment box of a record's page (help desk, equipment requests, debt reports, news — the
 * record foundation's comments, issue #11): a MentionTextArea with @mention suggestions and a send
 * button, disabled while the text is blank. On success the text and its mentions are cleared (a
 * fresh field), on failure a toast explains the refusal and nothing typed is lost. Only the
 * mentions still present in the text are sent (`mentionedIds`).
 */
export function RecordCommentForm({ users, labels, onSend, isPending, errorKey = refusalKey, className }: RecordCommentFormProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [inserted, setInserted] = useState<MentionUser[]>([]);
  const [version, setVersion] = useState(0);
  const send = () => {
    if (text.trim() === '') return;
    onSend({ text: text.trim(), mentionedUserIds: mentionedIds(text, inserted) }).then(
      () => {
        setText('');
        setInserted([]);
        setVersion((v) => v + 1);
        if (labels.sent) toast.show({ title: labels.sent, variant: 'success' });
      },
      (error: unknown) => toast.show({ title: t(errorKey(error), { defaultValue: t('error.generic') }), variant: 'error' }),
    );
  };
  return (
    <form
      className={className ? `${s.form} ${className}` : s.form}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <MentionTextArea
        key={version}
        label={labels.label}
        users={users}
        suggestionsLabel={labels.suggestions}
        value={text}
        onChange={setText}
        onMention={(user) => setInserted((list) => [...list, user])}
        rows={3}
      />
      <div className={s.end}>
        <Button type="submit" isPending={isPending} isDisabled={text.trim() === ''}>
          {labels.send}
        </Button>
      </div>
    </form>
  );
}
