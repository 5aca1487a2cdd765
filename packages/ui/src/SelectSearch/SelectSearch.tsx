import { useEffect, useEffectEvent, useState } from 'react';
import {
  Button as RACButton,
  ComboBox as RACComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  composeRenderProps,
  type ComboBoxProps as RACComboBoxProps,
  type Key,
  type ValidationResult,
} from 'react-aria-components';
import * as comboStyles from '../ComboBox/ComboBox.css';
import { Icon } from '../Icon';
import * as menuStyles from '../Menu/Menu.css';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';

/** A select-search result (SPEC §3: name and id). */
export interface SearchResult {
  id: number | string;
  name: string;
}

/** SPEC §9: the select-search waits 250 ms after the last keystroke. */
export const SELECT_SEARCH_DELAY_MS = 250;

export interface SelectSearchProps extends Omit<
  RACComboBoxProps<SearchResult>,
  | 'children'
  | 'items'
  | 'defaultItems'
  | 'inputValue'
  | 'onInputChange'
  | 'selectedKey'
  | 'onSelectionChange'
  | 'defaultSelectedKey'
  | 'value'
  | 'defaultValue'
  | 'onChange'
> {
  /** Visible label, already translated. */
  label: string;
  /**
   * Fetches results for the typed text; called 250 ms after the last keystroke (SPEC §9), the
   * previous request aborted through `signal`. The app's implementation calls the API with
   * sid=2 and the text (SPEC §7) and returns its name/id list.
   */
  search: (text: string, signal: AbortSignal) => Promise<SearchResult[]>;
  /** The chosen result (controlled), or null. @default undefined */
  value?: SearchResult | null;
  /** Called with the chosen result, or null when the choice is cleared. */
  onChange?: (value: SearchResult | null) => void;
  /** Shown in the list while a search runs. */
  loadingLabel: string;
  /** Shown in the list when a search found nothing. */
  emptyLabel: string;
  /** Accessible name of the open button. */
  openLabel: string;
  /** Minimum typed characters before searching. @default 1 */
  minLength?: number;
  /** Delay after the last keystroke, ms. @default 250 */
  delay?: number;
  /** Help text. @default undefined */
  description?: string;
  /** Error text when invalid. @default undefined */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Placeholder. @default undefined */
  placeholder?: string;
}

/**
 * A remote search select (SPEC §7 select search, §9 250 ms): typing waits `delay` ms, then
 * calls `search(text, signal)`; stale requests are aborted and their answers ignored. The open
 * list shows `loadingLabel` while waiting and `emptyLabel` when nothing was found. Errors of
 * `search` end the loading state with an empty list (the api layer logs them, SPEC §8).
 */
export function SelectSearch({
  label,
  search,
  value,
  onChange,
  loadingLabel,
  emptyLabel,
  openLabel,
  minLength = 1,
  delay = SELECT_SEARCH_DELAY_MS,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: SelectSearchProps) {
  const [inputValue, setInputValue] = useState(value?.name ?? '');
  const [items, setItems] = useState<SearchResult[]>(value ? [value] : []);
  const [loading, setLoading] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [selected, setSelected] = useState<SearchResult | null>(value ?? null);
  // A new controlled value replaces the choice and the text (React's "adjust state on prop change").
  const [prevValue, setPrevValue] = useState(value);
  if (value !== prevValue) {
    setPrevValue(value);
    if (value !== undefined) {
      setSelected(value);
      setInputValue(value?.name ?? '');
    }
  }
  const runSearch = useEffectEvent((text: string, signal: AbortSignal) => search(text, signal));

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      runSearch(query, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setLoading(false);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setItems([]);
          setLoading(false);
        });
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, delay]);

  const onInputChange = (text: string) => {
    setInputValue(text);
    if (selected && text === selected.name) return;
    const trimmed = text.trim();
    if (trimmed.length < minLength) {
      setQuery(null);
      setItems([]);
      setLoading(false);
    } else {
      setQuery(trimmed);
      setLoading(true);
    }
    if (text === '' && selected) {
      setSelected(null);
      onChange?.(null);
    }
  };

  const choose = (key: Key | null) => {
    if (key === null) return;
    const found = items.find((i) => String(i.id) === String(key)) ?? null;
    if (!found) return;
    setSelected(found);
    setInputValue(found.name);
    onChange?.(found);
  };

  return (
    <RACComboBox
      {...props}
      items={loading ? [] : items}
      inputValue={inputValue}
      onInputChange={onInputChange}
      selectedKey={selected ? String(selected.id) : null}
      onSelectionChange={choose}
      allowsEmptyCollection
      menuTrigger="input"
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <div className={comboStyles.inputWrap}>
        <Input className={fieldStyles.input({ withAdornment: true })} placeholder={placeholder} />
        <RACButton className={comboStyles.toggle} aria-label={openLabel}>
          <Icon name="chevron-down" size="sm" />
        </RACButton>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={menuStyles.popover}>
        <ListBox<SearchResult>
          className={[menuStyles.menu, comboStyles.listBox].join(' ')}
          renderEmptyState={() => (
            <div className={comboStyles.status} role="status">
              {loading ? loadingLabel : emptyLabel}
            </div>
          )}
        >
          {(item) => (
            <ListBoxItem id={String(item.id)} textValue={item.name} className={menuStyles.item}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
