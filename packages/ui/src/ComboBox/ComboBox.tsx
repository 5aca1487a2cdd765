import {
  Button as RACButton,
  ComboBox as RACComboBox,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  composeRenderProps,
  type ComboBoxProps as RACComboBoxProps,
  type ValidationResult,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as menuStyles from '../Menu/Menu.css';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import * as styles from './ComboBox.css';

/** One option of a ComboBox. */
export interface ComboBoxItem {
  /** Key reported by onSelectionChange. */
  id: string;
  /** Visible text, already translated; also what filtering matches. */
  label: string;
  /** Whether it can be chosen. @default false */
  isDisabled?: boolean;
}

export interface ComboBoxProps extends Omit<
  RACComboBoxProps<ComboBoxItem>,
  'children' | 'items' | 'defaultItems'
> {
  /** Visible label, already translated. */
  label: string;
  /** All options; RAC filters them by the typed text (`defaultFilter` of the locale, "contains"). */
  items: ComboBoxItem[];
  /** Help text. @default undefined */
  description?: string;
  /** Error text when invalid. @default undefined */
  errorMessage?: string | ((validation: ValidationResult) => string);
  /** Accessible name of the open button. */
  openLabel: string;
  /** Shown in the open list when nothing matches. @default undefined (the list stays closed) */
  emptyLabel?: string;
  /** Placeholder. @default undefined */
  placeholder?: string;
}

/**
 * A text input with a filtered option list (RAC ComboBox): type to filter, arrows to move,
 * Enter to choose; `selectedKey` / `onSelectionChange` as in RAC. Matching is RAC's
 * locale-aware "contains", case- and accent-insensitive for the page collator.
 */
export function ComboBox({
  label,
  items,
  description,
  errorMessage,
  openLabel,
  emptyLabel,
  placeholder,
  className,
  ...props
}: ComboBoxProps) {
  return (
    <RACComboBox
      {...props}
      defaultItems={items}
      allowsEmptyCollection={emptyLabel !== undefined}
      disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <div className={styles.inputWrap}>
        <Input className={fieldStyles.input({ withAdornment: true })} placeholder={placeholder} />
        <RACButton className={styles.toggle} aria-label={openLabel}>
          <Icon name="chevron-down" size="sm" />
        </RACButton>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={menuStyles.popover}>
        <ListBox<ComboBoxItem>
          className={[menuStyles.menu, styles.listBox].join(' ')}
          renderEmptyState={() => <div className={styles.status}>{emptyLabel}</div>}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className={menuStyles.item}>
              {({ isSelected }) => (
                <>
                  <span className={menuStyles.itemLabel}>{item.label}</span>
                  {isSelected ? <Icon name="check" size="sm" className={menuStyles.check} /> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
