import type { ReactNode } from 'react';
import {
  Tab,
  TabList,
  TabPanel,
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
 * Tabs (RAC Tabs): arrow keys move between tabs (Home/End to the ends), a tab is chosen as
 * focus lands on it (`keyboardActivation="manual"` to require Enter), panels are labelled by their tab.
 */
export function Tabs({ items, ariaLabel, className, ...props }: TabsProps) {
  return (
    <RACTabs
      {...props}
      disabledKeys={items.filter((i) => i.isDisabled).map((i) => i.id)}
      className={[styles.tabs, className].filter(Boolean).join(' ')}
    >
      <TabList aria-label={ariaLabel} className={styles.list}>
        {items.map((item) => (
          <Tab key={item.id} id={item.id} className={styles.tab()}>
            {item.label}
          </Tab>
        ))}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className={styles.panel}>
          {item.content}
        </TabPanel>
      ))}
    </RACTabs>
  );
}
