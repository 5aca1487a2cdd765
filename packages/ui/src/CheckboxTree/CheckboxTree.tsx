import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { defaultNormalize } from '../DataTable/model';
import { Icon } from '../Icon';
import { visuallyHidden } from '../internal/visuallyHidden.css';
import * as styles from './CheckboxTree.css';
import {
  computeStates,
  toggleKey,
  visibleRows,
  type CheckboxTreeNode,
  type CheckState,
  type ParentKeyMode,
  type VisibleRow,
} from './model';

export interface CheckboxTreeProps {
  /** The roots of the tree (keys unique across the whole tree). */
  items: readonly CheckboxTreeNode[];
  /** Checked keys, controlled (a Set or an array). Parents take their state from their children; a parent's own key here is ignored. */
  checkedKeys: ReadonlySet<string> | readonly string[];
  /** Called with the new checked keys in tree order (see `parentKeyMode`). Not called in read-only mode. */
  onCheckedChange?: (keys: string[]) => void;
  /** `'derived'`: parents are the sum of their children (their own key is emitted only when fully checked). `'own'`: a parent's key is a grant of its own (a menu), kept when partly checked and checked with any descendant — use it for user-type permissions. @default 'derived' */
  parentKeyMode?: ParentKeyMode;
  /** Accessible name of the tree, e.g. "Permissions". */
  ariaLabel: string;
  /** Shows the state, keeps keyboard navigation and expansion, but nothing can be checked. @default false */
  isReadOnly?: boolean;
  /** Translated text read with the tree in read-only mode, e.g. "Read only". */
  readOnlyLabel?: string;
  /** Expanded parent keys, controlled. */
  expandedKeys?: ReadonlySet<string> | readonly string[];
  /** Expanded parent keys at first render, uncontrolled. @default [] (only the roots show) */
  defaultExpandedKeys?: readonly string[];
  /** Called with the new expanded keys (tree order not guaranteed). */
  onExpandedChange?: (keys: string[]) => void;
  /** Filter text: only nodes whose label contains it show, with their ancestors. @default '' */
  filterText?: string;
  /** Folds labels and the filter before comparing; pass @servicedesk/i18n normalizeForSearch. @default defaultNormalize (lowercase, ə/ı/İ and diacritics folded) */
  normalize?: (text: string) => string;
  /** Shown (role=status) when the filter matches nothing, e.g. "Nothing found". */
  emptyText?: ReactNode;
  /** Extra class on the root. */
  className?: string;
}

const toSet = (keys: ReadonlySet<string> | readonly string[] | undefined): ReadonlySet<string> =>
  keys === undefined ? new Set() : keys instanceof Set ? keys : new Set(keys as readonly string[]);

const ariaChecked = (state: CheckState | undefined) =>
  state === 'checked' ? 'true' : state === 'indeterminate' ? 'mixed' : 'false';

/**
 * A tree of checkboxes (the user-type permission tree, SPEC §2 user types): a WAI-ARIA tree
 * (`role="tree"`, one `treeitem` per shown node with `aria-checked` true/false/mixed,
 * `aria-expanded`, `aria-level`, `aria-setsize`, `aria-posinset`) with one tab stop.
 *
 * Keys: ↑/↓ move, → opens a parent or enters it, ← closes it or goes to the parent, Home/End,
 * Space toggles the focused node's checkbox (a parent toggles its whole subtree: a partly
 * checked parent becomes checked), Enter opens/closes a parent. See `parentKeyMode` for what a
 * parent's own key means (user-type permissions: `'own'`). Clicking a row toggles its
 * checkbox, clicking the chevron opens/closes.
 *
 * With `filterText`, matching nodes show with their ancestors (opened); toggling a parent
 * still toggles its whole subtree, shown or not.
 *
 * Why not RAC Tree: its selection is per row (aria-selected) with no mixed state and no
 * subtree toggling; a checkbox tree needs aria-checked=mixed on parents.
 */
export function CheckboxTree({
  items,
  checkedKeys,
  onCheckedChange,
  parentKeyMode = 'derived',
  ariaLabel,
  isReadOnly = false,
  readOnlyLabel,
  expandedKeys,
  defaultExpandedKeys,
  onExpandedChange,
  filterText = '',
  normalize = defaultNormalize,
  emptyText,
  className,
}: CheckboxTreeProps) {
  const readOnlyId = useId();
  const checked = useMemo(() => toSet(checkedKeys), [checkedKeys]);
  const states = useMemo(
    () => computeStates(items, checked, parentKeyMode),
    [items, checked, parentKeyMode],
  );

  const [ownExpanded, setOwnExpanded] = useState<ReadonlySet<string>>(
    () => new Set(defaultExpandedKeys),
  );
  const expanded = useMemo(
    () => (expandedKeys === undefined ? ownExpanded : toSet(expandedKeys)),
    [expandedKeys, ownExpanded],
  );
  const setExpanded = useCallback(
    (key: string, open: boolean) => {
      if (expanded.has(key) === open) return;
      const next = new Set(expanded);
      if (open) next.add(key);
      else next.delete(key);
      if (expandedKeys === undefined) setOwnExpanded(next);
      onExpandedChange?.([...next]);
    },
    [expanded, expandedKeys, onExpandedChange],
  );

  const filter = useMemo(() => normalize(filterText.trim()), [filterText, normalize]);
  const rows = useMemo(
    () => visibleRows(items, expanded, filter, normalize),
    [items, expanded, filter, normalize],
  );

  // Roving focus: the focused key if it is still shown, else the first row.
  const [focusKey, setFocusKey] = useState<string | undefined>(undefined);
  const activeKey = rows.some((r) => r.node.key === focusKey) ? focusKey : rows[0]?.node.key;
  const rowRefs = useRef(new Map<string, HTMLDivElement>());
  const wantFocus = useRef(false);
  useEffect(() => {
    if (!wantFocus.current || activeKey === undefined) return;
    wantFocus.current = false;
    rowRefs.current.get(activeKey)?.focus();
  }, [activeKey, rows]);
  const moveTo = (key: string | undefined) => {
    if (key === undefined) return;
    wantFocus.current = true;
    setFocusKey(key);
    rowRefs.current.get(key)?.focus();
  };

  const toggle = (key: string) => {
    if (isReadOnly) return;
    onCheckedChange?.(toggleKey(items, checked, key, parentKeyMode));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: VisibleRow, index: number) => {
    const key = row.node.key;
    switch (event.key) {
      case 'ArrowDown':
        moveTo(rows[index + 1]?.node.key);
        break;
      case 'ArrowUp':
        moveTo(rows[index - 1]?.node.key);
        break;
      case 'Home':
        moveTo(rows[0]?.node.key);
        break;
      case 'End':
        moveTo(rows[rows.length - 1]?.node.key);
        break;
      case 'ArrowRight':
        if (row.isParent && !row.isExpanded) setExpanded(key, true);
        else if (row.isExpanded) moveTo(rows[index + 1]?.node.key);
        break;
      case 'ArrowLeft':
        if (row.isExpanded && expanded.has(key)) setExpanded(key, false);
        else moveTo(row.parentKey);
        break;
      case ' ':
        toggle(key);
        break;
      case 'Enter':
        if (row.isParent) setExpanded(key, !row.isExpanded);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className={[styles.root, className].filter(Boolean).join(' ')}>
      <div
        role="tree"
        aria-label={ariaLabel}
        aria-describedby={isReadOnly && readOnlyLabel ? readOnlyId : undefined}
        data-readonly={isReadOnly || undefined}
        className={styles.tree}
      >
        {rows.map((row, index) => {
          const { node } = row;
          const state = states.get(node.key);
          return (
            <div
              key={node.key}
              ref={(el) => {
                if (el) rowRefs.current.set(node.key, el);
                else rowRefs.current.delete(node.key);
              }}
              // ARIA 1.2 no longer requires aria-selected on a treeitem; a checkbox tree
              // states aria-checked instead (both would announce every row twice).
              // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
              role="treeitem"
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-expanded={row.isParent ? row.isExpanded : undefined}
              aria-checked={ariaChecked(state)}
              tabIndex={node.key === activeKey ? 0 : -1}
              data-key={node.key}
              data-state={state}
              data-readonly={isReadOnly || undefined}
              className={styles.row}
              style={{ paddingInlineStart: `calc(${row.level - 1} * 1.5rem + 0.25rem)` }}
              onFocus={() => setFocusKey(node.key)}
              onClick={() => toggle(node.key)}
              onKeyDown={(event) => onKeyDown(event, row, index)}
            >
              {/* The chevron is pointer-only; the keyboard opens with → / ← / Enter. */}
              <span
                aria-hidden="true"
                className={styles.chevron}
                data-expanded={row.isExpanded || undefined}
                data-hidden={!row.isParent || undefined}
                onClick={(event) => {
                  event.stopPropagation();
                  if (row.isParent) setExpanded(node.key, !row.isExpanded);
                }}
              >
                <Icon name="chevron-right" size="sm" />
              </span>
              <span aria-hidden="true" className={styles.box} data-state={state}>
                {state === 'checked' ? (
                  <Icon name="check" size="sm" />
                ) : state === 'indeterminate' ? (
                  <span className={styles.dash} />
                ) : null}
              </span>
              <span className={styles.label}>{node.label}</span>
            </div>
          );
        })}
      </div>
      {isReadOnly && readOnlyLabel ? (
        <span id={readOnlyId} className={visuallyHidden}>
          {readOnlyLabel}
        </span>
      ) : null}
      {/* Always mounted, so screen readers announce the text when the filter empties the tree. */}
      <p role="status" className={rows.length === 0 && emptyText ? styles.empty : visuallyHidden}>
        {rows.length === 0 ? emptyText : null}
      </p>
    </div>
  );
}
