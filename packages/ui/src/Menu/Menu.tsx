import type { ReactNode } from 'react';
import {
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  type Key,
  type PopoverProps,
} from 'react-aria-components';
import { Button, type ButtonProps } from '../Button';
import { Icon } from '../Icon';
import * as styles from './Menu.css';

/** One action of a MenuButton. */
export interface MenuButtonItem {
  /** Key passed to onAction. */
  id: string;
  /** Visible text, already translated. */
  label: string;
  /** Icon name drawn before the label (see Icon). @default undefined */
  icon?: string;
  /** Whether the item can be chosen. @default false */
  isDisabled?: boolean;
}

export interface MenuButtonProps {
  /** Visible text of the button (unless `trigger` replaces it); also names the menu. */
  label: string;
  /** Accessible name of the button when it differs from its visible content (e.g. an icon-only button). Must contain the visible text, if any. @default undefined (the visible content) */
  ariaLabel?: string;
  /** The actions. */
  items: MenuButtonItem[];
  /** Called with the chosen item's id; the menu then closes. */
  onAction: (id: string) => void;
  /** Icon name drawn before the label in the button. @default undefined */
  icon?: string;
  /** Custom button content (e.g. avatar + first name) instead of icon + label. @default undefined */
  trigger?: ReactNode;
  /** Whether to hide the label and show only the icon (the label then becomes the accessible name). @default false */
  iconOnly?: boolean;
  /** Marks one item as the current choice with a check (e.g. the active language). @default undefined */
  selectedId?: string;
  /** Button look. @default 'ghost' */
  variant?: ButtonProps['variant'];
  /** Where the menu opens relative to the button. @default 'bottom end' */
  placement?: PopoverProps['placement'];
  /** Whether the button is disabled. @default false */
  isDisabled?: boolean;
}

/**
 * A button that opens a menu of actions (RAC MenuTrigger + Menu): arrow keys move, Enter or a
 * click chooses, Escape closes, typing jumps to an item. Used for the user menu and the
 * language dropdown in the top bar.
 */
export function MenuButton({
  label,
  ariaLabel,
  items,
  onAction,
  icon,
  trigger,
  iconOnly = false,
  selectedId,
  variant = 'ghost',
  placement = 'bottom end',
  isDisabled,
}: MenuButtonProps) {
  const content = trigger ?? (
    <>
      {icon ? <Icon name={icon} /> : null}
      {iconOnly ? null : <span>{label}</span>}
      {iconOnly ? null : <Icon name="chevron-down" size="sm" />}
    </>
  );
  return (
    <MenuTrigger>
      <Button
        variant={variant}
        className={styles.trigger}
        aria-label={ariaLabel ?? (iconOnly ? label : undefined)}
        isDisabled={isDisabled}
      >
        {content}
      </Button>
      <Popover placement={placement} className={styles.popover}>
        <Menu
          aria-label={label}
          className={styles.menu}
          items={items}
          onAction={(key: Key) => onAction(String(key))}
          selectionMode={selectedId === undefined ? undefined : 'single'}
          selectedKeys={selectedId === undefined ? undefined : [selectedId]}
          disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
        >
          {(item) => (
            <MenuItem id={item.id} textValue={item.label} className={styles.item}>
              {({ isSelected }) => (
                <>
                  {item.icon ? <Icon name={item.icon} size="sm" /> : null}
                  <span className={styles.itemLabel}>{item.label}</span>
                  {isSelected ? <Icon name="check" size="sm" className={styles.check} /> : null}
                </>
              )}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
