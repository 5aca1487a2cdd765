import {
  Button as RACButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RACSelect,
  SelectValue,
  composeRenderProps,
  type SelectProps as RACSelectProps,
  type ValidationResult,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as menuStyles from '../Menu/Menu.css';
import * as fieldStyles from '../TextField/TextField.css';
import { FieldHelp, FieldLabel } from '../internal/FieldShell';
import * as styles from './Select.css';

/** One option of a Select. */
export interface SelectItem {
  /** Key reported by onSelectionChange. */
  id: string;
  /** Visible text, already translated. */
  label: string;
  /** Whether the option can be chosen. @default false */
  isDisabled?: boolean;
}

export interface SelectProps extends Omit<RACSelectProps<SelectItem>, 'children' | 'items'> {
  /** Visible label, already translated. */
  label: string;
  /** The options. */
  items: SelectItem[];
  /** Help text under the control. @default undefined */
  description?: string;
  /** Error text shown when invalid. @default undefined */
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/**
 * A labelled single-choice dropdown (RAC Select + ListBox): a button shows the chosen option
 * and opens a listbox; typing jumps to an option; a hidden native select takes part in forms
 * (`name`). Controlled with selectedKey + onSelectionChange (RAC's names), or uncontrolled.
 */
export function Select({
  label,
  items,
  description,
  errorMessage,
  className,
  placeholder,
  ...props
}: SelectProps) {
  return (
    <RACSelect
      {...props}
      placeholder={placeholder}
      disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
      className={composeRenderProps(className, (cn) =>
        [fieldStyles.field, cn].filter(Boolean).join(' '),
      )}
    >
      <FieldLabel label={label} isRequired={props.isRequired} />
      <RACButton className={styles.button}>
        <SelectValue className={styles.value} />
        <Icon name="chevron-down" size="sm" />
      </RACButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={menuStyles.popover}>
        <ListBox items={items} className={menuStyles.menu}>
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
    </RACSelect>
  );
}
