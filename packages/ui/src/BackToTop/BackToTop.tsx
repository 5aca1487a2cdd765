import { useEffect, useState } from 'react';
import { Button } from '../Button';
import { Icon } from '../Icon';
import { backToTop } from './BackToTop.css';

export interface BackToTopProps {
  /** Accessible name of the button, e.g. "Back to top". */
  label: string;
  /** Scroll distance in px after which the button appears. @default 250 (SPEC §2 / §9) */
  threshold?: number;
  /** The element that scrolls; the window when omitted. @default undefined (window) */
  scrollContainer?: HTMLElement | null;
  /** Extra class, e.g. to move it clear of the chat bubble. @default undefined */
  className?: string;
}

/** SPEC §9: back-to-top after 250 px. */
export const DEFAULT_BACK_TO_TOP_THRESHOLD = 250;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * A floating button that appears once the page (or `scrollContainer`) has scrolled more than
 * `threshold` px and scrolls smoothly back to the top (instantly under reduced motion).
 */
export function BackToTop({
  label,
  threshold = DEFAULT_BACK_TO_TOP_THRESHOLD,
  scrollContainer,
  className,
}: BackToTopProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const target: HTMLElement | Window = scrollContainer ?? window;
    const offset = () => (scrollContainer ? scrollContainer.scrollTop : window.scrollY);
    const update = () => setVisible(offset() > threshold);
    // The first look waits for the next frame: reading the scroll offset while the page is still
    // being built forces a layout of the whole page inside the mount (issue #19, a long task on
    // phones); the frame lays the page out anyway.
    const frame = requestAnimationFrame(update);
    target.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      target.removeEventListener('scroll', update);
    };
  }, [scrollContainer, threshold]);

  if (!visible) return null;
  return (
    <Button
      variant="primary"
      aria-label={label}
      className={[backToTop, className].filter(Boolean).join(' ')}
      onPress={() => {
        const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
        (scrollContainer ?? window).scrollTo({ top: 0, behavior });
      }}
    >
      <Icon name="arrow-up" />
    </Button>
  );
}
