import { useEffect, useState } from 'react';
import { ProgressBar } from 'react-aria-components';
import * as styles from './Spinner.css';

export interface SpinnerProps {
  /** Accessible name ("Loading…"), already translated; shown next to the circle when showLabel. */
  label: string;
  /** Milliseconds to wait before showing anything, so quick answers never flash a spinner. @default 1000 (SPEC §9 login spinner delay) */
  delay?: number;
  /** Whether the label is visible next to the circle (it is always announced). @default false */
  showLabel?: boolean;
  /** Circle size. @default 'md' */
  size?: 'sm' | 'md' | 'lg';
}

/** SPEC §9: the login spinner appears after 1 s. */
export const DEFAULT_SPINNER_DELAY = 1000;

/**
 * An indeterminate progress indicator (role="progressbar", RAC ProgressBar) that renders
 * nothing until `delay` has passed. Mount it while waiting; unmount it when done.
 */
export function Spinner({
  label,
  delay = DEFAULT_SPINNER_DELAY,
  showLabel = false,
  size = 'md',
}: SpinnerProps) {
  const [visible, setVisible] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const id = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(id);
  }, [delay]);
  if (!visible) return null;
  return (
    <ProgressBar isIndeterminate aria-label={label} className={styles.root}>
      <span className={styles.circle({ size })} aria-hidden="true" />
      {showLabel ? (
        <span className={styles.label} aria-hidden="true">
          {label}
        </span>
      ) : null}
    </ProgressBar>
  );
}
