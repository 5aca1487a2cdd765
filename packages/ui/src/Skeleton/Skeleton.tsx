import type { CSSProperties } from 'react';
import { group, skeleton } from './Skeleton.css';

export interface SkeletonProps {
  /** text: a line of text; rect: a block (card, chart); circle: an avatar. @default 'text' */
  shape?: 'text' | 'rect' | 'circle';
  /** CSS width. @default '100%' (circle: height) */
  width?: CSSProperties['width'];
  /** CSS height. @default text: 0.9em, others 4rem */
  height?: CSSProperties['height'];
  /** Number of lines (text shape); the last is shorter. @default 1 */
  lines?: number;
  /** Announced to screen readers while loading, e.g. "Loading…"; without it the placeholder is hidden from them. @default undefined */
  label?: string;
}

/**
 * A grey placeholder in the shape of content that is still loading (pulses, still under
 * reduced motion). Decorative unless `label` is given, which makes it a status with that text.
 */
export function Skeleton({ shape = 'text', width, height, lines = 1, label }: SkeletonProps) {
  const size = (i: number): CSSProperties => {
    if (shape === 'text') {
      return { width: lines > 1 && i === lines - 1 ? '60%' : (width ?? '100%'), height };
    }
    const h = height ?? '4rem';
    return { width: width ?? (shape === 'circle' ? h : '100%'), height: h };
  };
  const count = shape === 'text' ? Math.max(1, lines) : 1;
  const a11y = label
    ? { role: 'status' as const, 'aria-label': label, 'aria-busy': true }
    : { 'aria-hidden': true };
  return (
    <span className={group} {...a11y} data-shape={shape}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={skeleton({ shape })} style={size(i)} />
      ))}
    </span>
  );
}
