import type { ReactNode } from 'react';
import {
  Button,
  Disclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  type DisclosureGroupProps,
} from 'react-aria-components';
import { Icon } from '../Icon';
import * as styles from './Accordion.css';

/** One section: its title (the trigger) and its content. */
export interface AccordionItem {
  id: string;
  /** Translated section title. */
  title: ReactNode;
  /** Section content. */
  content: ReactNode;
  /** Whether the section cannot be opened or closed. @default false */
  isDisabled?: boolean;
}

export interface AccordionProps extends Omit<DisclosureGroupProps, 'children' | 'className'> {
  /** The sections in order. */
  items: AccordionItem[];
  /** Whether several sections may be open at once; false keeps one open at a time (RAC). @default false */
  allowsMultipleExpanded?: boolean;
  /** Heading level of the section titles. @default 3 */
  headingLevel?: 2 | 3 | 4;
  /** Extra class on the root. */
  className?: string;
}

/**
 * Collapsible sections (RAC DisclosureGroup): each title is a button inside a heading with
 * aria-expanded; by default opening one closes the others (`allowsMultipleExpanded` lifts that).
 */
export function Accordion({ items, headingLevel = 3, className, ...props }: AccordionProps) {
  return (
    <DisclosureGroup {...props} className={[styles.group, className].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <Disclosure key={item.id} id={item.id} isDisabled={item.isDisabled} className={styles.item}>
          <Heading level={headingLevel} className={styles.heading}>
            <Button slot="trigger" className={styles.trigger}>
              <Icon name="chevron-right" size="sm" className={styles.chevron} />
              {item.title}
            </Button>
          </Heading>
          <DisclosurePanel className={styles.panel}>{item.content}</DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}
