import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { MentionTextArea, type MentionUser } from '@servicedesk/ui/MentionTextArea';
import { toast } from '@servicedesk/ui/Toast';
import { useRefusalText, type RefusalTexts } from './refusal';
import { mentionedIds } from './mentions';
import * as s from './record.css';

/** What a record's comment call receives: the trimmed text and the ids of the @mentioned users still in it. */
export interface RecordCommentInput {
  text: string;
  mentionedUserIds: number[];
}

export interface RecordCommentFormProps {
  /** Who may be @mentioned (the suggestions): usually the users who may read the record. */
  users: MentionUser[];
  /** The module's own words: the field's label, the suggestions list's label, the send button, the toast after sending; the kit's words (`record.comments.*`) for any left out. */
  labels?: { label?: string; suggestions?: string; send?: string; sent?: string };
  /** Sends the comment; resolves when the server accepted it (the box is then emptied), rejects with the call's error (the box keeps the text). */
  onSend: (input: RecordCommentInput) => Promise<unknown>;
  /** True while the call is in flight (the button shows it). */
  isPending: boolean;
  /** The module's own refusal sentences, tried before the shared ones (refusal.ts `refusalKeys`: the engine's rules, `errors.api.<code>`). */
  refusal?: RefusalTexts;
  className?: string;
}

/**
 * The comment box of a record's page (help desk, equipment requests, debt reports, news — the
 * record foundation's comments): a MentionTextArea with @mention suggestions and a send button,
 * disabled while the text is blank. On success the text and its mentions are cleared (a fresh
 * field), on failure a toast explains the refusal in the user's language — the module's sentence
 * for the code, else the shared one, never the server's English message — and nothing typed is
 * lost. Only the mentions still present in the text are sent (`mentionedIds`).
 */
export function RecordCommentForm({ users, labels = {}, onSend, isPending, refusal, className }: RecordCommentFormProps) {
  const { t } = useTranslation();
  const explain = useRefusalText(refusal);
  const sent = labels.sent ?? t('record.comments.sent');
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
        toast.show({ title: sent, variant: 'success' });
      },
      (error: unknown) => toast.show({ title: explain(error), variant: 'error' }),
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
        label={labels.label ?? t('record.comments.label')}
        users={users}
        suggestionsLabel={labels.suggestions ?? t('record.comments.suggestions')}
        value={text}
        onChange={setText}
        onMention={(user) => setInserted((list) => [...list, user])}
        rows={3}
      />
      <div className={s.end}>
        <Button type="submit" isPending={isPending} isDisabled={text.trim() === ''}>
          {labels.send ?? t('record.comments.send')}
        </Button>
      </div>
    </form>
  );
}
