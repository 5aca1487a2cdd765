import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  TextArea as RACTextArea,
  TextField as RACTextField,
  composeRenderProps,
  type TextFieldProps as RACTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import * as styles from './MentionTextArea.css';

/** A user that can be mentioned (SPEC §3 mention item: name). */
export interface MentionUser {
  id: number | string;
  name: string;
}

/** SPEC §2, §9: mentions start with @. */
export const MENTION_TRIGGER = '@';

/** Lower-cases and folds Azerbaijani / Turkish letters and diacritics, so "eli" finds "Əli". */
function fold(text: string): string {
  return text
    .toLocaleLowerCase('az')
    .replace(/ə/g, 'e')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** The "@query" that ends right at the caret, if any: its start index and the query text. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]*)$/u.exec(before);
  if (!match) return null;
  return { start: before.length - match[2]!.length - 1, query: match[2]! };
}

export interface MentionTextAreaProps extends Omit<
  RACTextFieldProps,
  'children' | 'type' | 'value' | 'defaultValue' | 'onChange'
> {
  /** Visible label, already translated. */
  label: string;
  /** Who can be mentioned. */
  users: MentionUser[];
  /** Accessible name of the suggestion list, e.g. "Users". */
  suggestionsLabel: string;
  /** Text (controlled). @default undefined */
  value?: string;
  /** Initial text (uncontrolled). @default '' */
  defaultValue?: string;
  /** Called with the whole text on every edit and after a mention is inserted. */
  onChange?: (value: string) => void;
  /** Called with the user whose mention was just inserted. @default undefined */
  onMention?: (user: MentionUser) => void;
  /** Most suggestions shown at once. @default 8 */
  maxSuggestions?: number;
  /** Help text. @default undefined */
  description?: string;
  /** Error text when invalid. @default undefined */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Placeholder. @default undefined */
  placeholder?: string;
  /** Visible rows. @default 4 */
  rows?: number;
}

/**
 * A multi-line text box with @mentions (SPEC §2 "Mentions in text use the trigger @"): typing
 * @ followed by letters lists the matching users (case- and Azerbaijani-accent-insensitive)
 * under the box; ArrowDown/ArrowUp move, Enter or Tab inserts "@Name ", Escape closes; a click
 * inserts too. The box keeps focus and points at the active option with
 * aria-activedescendant, so screen readers read the suggestions.
 */
export function MentionTextArea({
  label,
  users,
  suggestionsLabel,
  value,
  defaultValue = '',
  onChange,
  onMention,
  maxSuggestions = 8,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  className,
  ...props
}: MentionTextAreaProps) {
  const [inner, setInner] = useState(defaultValue);
  const text = value ?? inner;
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const listId = useId();

  const mention = caret === null ? null : mentionAt(text, caret);
  const query = mention ? mention.query : null;
  const suggestions = useMemo(() => {
    if (query === null) return [];
    const q = fold(query);
    return users.filter((u) => fold(u.name).includes(q)).slice(0, maxSuggestions);
  }, [query, users, maxSuggestions]);
  const open = mention !== null && dismissedAt !== mention.start && suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  useLayoutEffect(() => {
    if (pendingCaret.current !== null && ref.current) {
      ref.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  });

  const update = (next: string) => {
    if (value === undefined) setInner(next);
    onChange?.(next);
  };

  const readCaret = () => {
    const el = ref.current;
    if (el) setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
  };

  const insert = (user: MentionUser) => {
    if (!mention || caret === null) return;
    const inserted = `${MENTION_TRIGGER}${user.name} `;
    const next = text.slice(0, mention.start) + inserted + text.slice(caret);
    const at = mention.start + inserted.length;
    pendingCaret.current = at;
    setCaret(at);
    setActive(0);
    update(next);
    onMention?.(user);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const user = suggestions[activeIndex];
      if (user) insert(user);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(mention.start);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <RACTextField
      {...props}
      value={text}
      onChange={(next) => {
        update(next);
        setActive(0);
      }}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <div className={styles.wrap}>
        <RACTextArea
          ref={ref}
          rows={rows}
          placeholder={placeholder}
          className={[fieldStyles.input(), styles.textArea].join(' ')}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          onKeyDown={onKeyDown}
          onKeyUp={readCaret}
          onSelect={readCaret}
          onInput={readCaret}
          onClick={readCaret}
          onBlur={() => setCaret(null)}
        />
        {open ? (
          <ul id={listId} role="listbox" aria-label={suggestionsLabel} className={styles.list}>
            {suggestions.map((user, i) => (
              // Focus stays in the text box (aria-activedescendant); the box handles the keys.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={user.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={styles.option}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => insert(user)}
              >
                {user.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </RACTextField>
  );
}
