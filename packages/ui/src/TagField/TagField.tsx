import { useId, useState, type KeyboardEvent } from 'react';
import {
  Button as RACButton,
  Label,
  Tag,
  TagGroup,
  TagList,
  Text,
  type Key,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as fieldStyles from '../TextField/TextField.css';
import * as styles from './TagField.css';

export interface TagFieldProps {
  /** Visible label of the tag list, already translated. */
  label: string;
  /** Accessible name of the text input that adds tags, e.g. "Add a tag". */
  inputLabel: string;
  /** Accessible name of a tag's ✕ button; receives the tag, e.g. (t) => `Remove ${t}`. */
  removeLabel: (tag: string) => string;
  /** The tags (controlled). @default undefined */
  value?: string[];
  /** Initial tags (uncontrolled). @default [] */
  defaultValue?: string[];
  /** Called with the new tag list after an add or a remove. */
  onChange?: (tags: string[]) => void;
  /** Keys that add the typed text as a tag (Enter always does). @default [','] */
  separators?: string[];
  /** Most tags allowed; further input is ignored. @default Infinity */
  maxTags?: number;
  /** Placeholder of the input. @default undefined */
  placeholder?: string;
  /** Help text. @default undefined */
  description?: string;
  /** Error text, shown when `isInvalid`. @default undefined */
  errorMessage?: string;
  /** Marks the field invalid. @default false */
  isInvalid?: boolean;
  /** Disables adding and removing. @default false */
  isDisabled?: boolean;
  /** Name of a hidden input carrying the tags joined by commas, for forms. @default undefined */
  name?: string;
}

/**
 * A free tag input: type and press Enter (or a separator) to add a tag — trimmed, empty and
 * duplicate (case-insensitive) tags are ignored; Backspace in the empty input removes the last
 * tag; the chips are a RAC TagGroup, so arrow keys move between them and Delete/Backspace or
 * their ✕ button remove one. The error text is linked to the input and announced.
 */
export function TagField({
  label,
  inputLabel,
  removeLabel,
  value,
  defaultValue = [],
  onChange,
  separators = [','],
  maxTags = Infinity,
  placeholder,
  description,
  errorMessage,
  isInvalid = false,
  isDisabled = false,
  name,
}: TagFieldProps) {
  const [inner, setInner] = useState(defaultValue);
  const tags = value ?? inner;
  const [text, setText] = useState('');
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  const update = (next: string[]) => {
    if (value === undefined) setInner(next);
    onChange?.(next);
  };

  const add = () => {
    const tag = text.trim();
    if (tag === '') return;
    setText('');
    if (tags.length >= maxTags) return;
    if (tags.some((t) => t.toLocaleLowerCase() === tag.toLocaleLowerCase())) return;
    update([...tags, tag]);
  };

  const remove = (keys: Set<Key>) => update(tags.filter((t) => !keys.has(t)));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || separators.includes(event.key)) {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      update(tags.slice(0, -1));
    }
  };

  const describedBy = [
    description ? descriptionId : null,
    isInvalid && errorMessage ? errorId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={fieldStyles.field}>
      <TagGroup onRemove={isDisabled ? undefined : remove} className={fieldStyles.field}>
        <Label className={fieldStyles.label}>{label}</Label>
        <div
          className={styles.box}
          data-invalid={isInvalid || undefined}
          data-disabled={isDisabled || undefined}
        >
          <TagList items={tags.map((t) => ({ id: t }))} className={styles.list}>
            {(item) => (
              <Tag id={item.id} textValue={item.id} className={styles.tag}>
                {item.id}
                {isDisabled ? null : (
                  <RACButton
                    slot="remove"
                    className={styles.remove}
                    aria-label={removeLabel(item.id)}
                  >
                    <Icon name="x" size="sm" />
                  </RACButton>
                )}
              </Tag>
            )}
          </TagList>
          <input
            className={styles.input}
            aria-label={inputLabel}
            aria-invalid={isInvalid || undefined}
            aria-describedby={describedBy || undefined}
            value={text}
            placeholder={placeholder}
            disabled={isDisabled}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={add}
          />
        </div>
      </TagGroup>
      {description ? (
        <Text id={descriptionId} className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      {isInvalid && errorMessage ? (
        <Text id={errorId} className={fieldStyles.error} role="alert">
          {errorMessage}
        </Text>
      ) : null}
      {name ? <input type="hidden" name={name} value={tags.join(',')} /> : null}
    </div>
  );
}
