import { useContext, useLayoutEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import {
  Tab,
  TabList,
  TabListStateContext,
  Tabs as RACTabs,
  type TabsProps as RACTabsProps,
} from 'react-aria-components';
import * as styles from './Tabs.css';

/** One tab: its label and its panel. */
export interface TabItem {
  id: string;
  /** Translated tab label. */
  label: ReactNode;
  /** The panel's content. */
  content: ReactNode;
  /** Whether the tab cannot be chosen. @default false */
  isDisabled?: boolean;
}

export interface TabsProps extends Omit<RACTabsProps, 'children' | 'className' | 'disabledKeys'> {
  /** The tabs in order. */
  items: TabItem[];
  /** Accessible name of the tab list, e.g. "Request sections". */
  ariaLabel: string;
  /** Extra class on the root. */
  className?: string;
}

/**
 * Scrolls the tab list sideways (never the page) so its selected tab is fully in view: on a phone
 * a row of tabs wider than the screen scrolls, and the chosen one must not sit off its edge.
 */
function revealSelectedTab(list: HTMLElement | null): void {
  const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
  const box = list.getBoundingClientRect();
  const at = tab.getBoundingClientRect();
  if (at.left < box.left) list.scrollLeft -= box.left - at.left;
  else if (at.right > box.right) list.scrollLeft += at.right - box.right;
}

/**
 * The selected tab's panel (WAI-ARIA APG "Tabs": role tabpanel, labelled by its tab, `tabindex="0"`
 * like every panel of the APG's examples). Not RAC's TabPanel (issue #19): to decide its tabindex,
 * that one walks its whole subtree for a tabbable element with `checkVisibility` after every render
 * and every DOM change inside it (react-aria `useHasTabbableChild`, no opt-out), which forced a layout
 * of the page in each commit of a list and on each scroll of its rows, and set state in a layout
 * effect on mount — a second render that pulled all of the page's effects into the same task. The
 * ids are RAC's own: the selected tab's `id` and its `aria-controls`, copied as the panel mounts and
 * whenever the selection or the tabs change (attribute reads, no layout).
 */
function SelectedPanel({ items, listRef }: { items: TabItem[]; listRef: RefObject<HTMLDivElement | null> }) {
  const state = useContext(TabListStateContext);
  const panelRef = useRef<HTMLDivElement>(null);
  const item = items.find((i) => i.id === state?.selectedKey);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const tab = listRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!panel || !tab) return;
    const id = tab.getAttribute('aria-controls');
    if (id) panel.id = id;
    panel.setAttribute('aria-labelledby', tab.id);
  });
  if (!item) return null;
  return (
    // Keyed by the tab: another tab's content mounts afresh, as with RAC's panels.
    <div key={item.id} ref={panelRef} role="tabpanel" tabIndex={0} className={styles.panel}>
      {item.content}
    </div>
  );
}

/**
 * Tabs (RAC Tabs): arrow keys move between tabs (Home/End to the ends), a tab is chosen as
 * focus lands on it (`keyboardActivation="manual"` to require Enter), panels are labelled by their tab.
 * When the tabs are wider than their room the row scrolls sideways, and the selected tab is kept
 * in view (on first show too, e.g. a remembered last tab on a phone). Only the selected tab's
 * panel is rendered ({@link SelectedPanel}); Tab from the tab list goes to the panel, then into it.
 */
export function Tabs({ items, ariaLabel, className, onSelectionChange, ...props }: TabsProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<Key | null>(null);
  const selected = props.selectedKey ?? chosen;
  // After RAC has marked the tab (its collection renders after the first pass), on every change.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(() => revealSelectedTab(listRef.current));
    return () => cancelAnimationFrame(frame);
  }, [selected, items.length]);
  return (
    <RACTabs
      {...props}
      onSelectionChange={(key) => {
        setChosen(key);
        onSelectionChange?.(key);
      }}
      disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
      className={[styles.tabs, className].filter(Boolean).join(' ')}
    >
      <TabList ref={listRef} aria-label={ariaLabel} className={styles.list}>
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className={styles.tab()}>
            {item.label}
          </Tab>
        ))}
      </TabList>
      <SelectedPanel items={items} listRef={listRef} />
    </RACTabs>
  );
}
