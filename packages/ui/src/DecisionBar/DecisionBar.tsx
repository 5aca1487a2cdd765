import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../Button';
import { TextArea } from '../TextArea';
import * as styles from './DecisionBar.css';

/** A decision on the pending approval step (DOMAIN.md "Approval chains", issue #11). */
export type Decision = 'approve' | 'reject' | 'return';

/** Every text of the bar, already translated. */
export interface DecisionBarTexts {
  /** Accessible name of the bar ("Your decision"). */
  label: string;
  approve: string;
  reject: string;
  /** "Return to the author". */
  return: string;
  /** Label of the comment field ("Comment"). */
  commentLabel: string;
  /** Help under the field, e.g. "Required to reject or return, at least 10 characters. Ctrl+Enter sends." @default undefined */
  commentHint?: string;
  /** Shown on the field when reject or return lacks a long enough comment, e.g. "Write at least 10 characters". */
  commentRequired: string;
  /** The button that drops a chosen reject / return ("Cancel"); Escape does the same. */
  cancel: string;
}

export interface DecisionBarProps {
  /** All visible texts. */
  texts: DecisionBarTexts;
  /**
   * Sends the decision with the trimmed comment ('' when none); resolve when the server took it
   * (the bar clears), reject with its error (the bar shows `errorText(error)` and keeps the comment).
   */
  onDecide: (decision: Decision, comment: string) => Promise<unknown>;
  /** The decisions this user may take now (the server's allowed actions); others are not shown. @default ['approve', 'reject', 'return'] */
  decisions?: readonly Decision[];
  /** Shortest comment (trimmed, in characters) reject and return take; the server checks the same rule. @default 10 */
  minCommentLength?: number;
  /** The server's refusal as text, shown in place under the buttons. @default the error's message */
  errorText?: (error: unknown) => string;
  /** Extra control above the buttons, e.g. an "override the chain" checkbox for administrators. @default undefined */
  override?: ReactNode;
  /** Disables the whole bar (e.g. while the record reloads). @default false */
  isDisabled?: boolean;
  /** Extra class. @default undefined */
  className?: string;
}

const ALL: readonly Decision[] = ['approve', 'reject', 'return'];
const needsComment = (d: Decision) => d !== 'approve';

const defaultErrorText = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * Approve / reject / return for the pending step, with the comment rules (issue #11): approve
 * takes an optional comment; reject and return need one of at least `minCommentLength`
 * characters — pressing them without it marks the field invalid and moves the focus into it,
 * then Ctrl+Enter (⌘+Enter) in the field sends the chosen decision and Escape drops it.
 * Ctrl+Enter with no decision chosen approves when approval is offered. While `onDecide` runs every control is
 * disabled and the pressed button shows its pending state; a rejection's text appears under the
 * buttons (role=alert) and the comment stays.
 */
export function DecisionBar({
  texts,
  onDecide,
  decisions = ALL,
  minCommentLength = 10,
  errorText = defaultErrorText,
  override,
  isDisabled = false,
  className,
}: DecisionBarProps) {
  const [comment, setComment] = useState('');
  const [chosen, setChosen] = useState<Decision | null>(null);
  const [busy, setBusy] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const trimmed = comment.trim();
  const commentOk = trimmed.length >= minCommentLength;
  const showCommentError = chosen !== null && needsComment(chosen) && !commentOk;
  const disabled = isDisabled || busy !== null;

  const focusField = () => fieldRef.current?.querySelector('textarea')?.focus();

  const decide = async (decision: Decision) => {
    if (disabled) return;
    setError(null);
    if (needsComment(decision) && !commentOk) {
      setChosen(decision);
      focusField();
      return;
    }
    setChosen(decision);
    setBusy(decision);
    try {
      await onDecide(decision, trimmed);
      setComment('');
      setChosen(null);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      const decision = chosen ?? (decisions.includes('approve') ? 'approve' : null);
      if (decision) void decide(decision);
    } else if (e.key === 'Escape' && chosen !== null && busy === null) {
      e.preventDefault();
      setChosen(null);
      setError(null);
    }
  };

  const variants: Record<Decision, 'primary' | 'danger' | 'secondary'> = {
    approve: 'primary',
    reject: 'danger',
    return: 'secondary',
  };

  return (
    <div
      className={[styles.bar, className].filter(Boolean).join(' ')}
      role="group"
      aria-labelledby={labelId}
      data-chosen={chosen ?? undefined}
    >
      <span id={labelId} className={styles.title}>
        {texts.label}
      </span>
      <div ref={fieldRef}>
        <TextArea
          label={texts.commentLabel}
          description={texts.commentHint}
          value={comment}
          onChange={(v) => {
            setComment(v);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          isReadOnly={disabled}
          isRequired={chosen !== null && needsComment(chosen)}
          isInvalid={showCommentError}
          errorMessage={texts.commentRequired}
          rows={3}
        />
      </div>
      {override ? <div className={styles.override}>{override}</div> : null}
      <div className={styles.buttons}>
        {decisions.map((d) => (
          <Button
            key={d}
            variant={variants[d]}
            className={styles.decisionButton}
            isPending={busy === d}
            isDisabled={disabled && busy !== d}
            onPress={() => void decide(d)}
          >
            {texts[d]}
          </Button>
        ))}
        {chosen !== null && needsComment(chosen) && busy === null ? (
          <Button
            variant="ghost"
            onPress={() => {
              setChosen(null);
              setError(null);
            }}
          >
            {texts.cancel}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
