import { Icon } from '../Icon';
import * as s from './CountdownCircle.css';

export interface CountdownCircleProps {
  /** What is left, in the same unit as `total` (e.g. seconds). Clamped to 0…total. */
  remaining: number;
  /** The full span the ring represents, in the unit of `remaining`. */
  total: number;
  /** Short text inside the ring, already formatted (e.g. "29" or "7"). */
  text: string;
  /**
   * The unit of `text`, shown small under it inside the ring (e.g. "saat", "min", "ч"): a unit that
   * cannot be read as another one, in the interface language (Intl's unit names). None by default.
   */
  unit?: string;
  /** Full sentence read by assistive technology and shown as the tooltip (e.g. "Your session ends in 29 seconds"). */
  label: string;
  /** Colour of the ring: neutral (session running), warning or danger (logout countdown). @default 'neutral' */
  tone?: 'neutral' | 'warning' | 'danger';
  /** Show the info icon beside the ring (SPEC §2 "countdown circle with an info icon"). @default true */
  showInfoIcon?: boolean;
}

const R = 15;
const C = 2 * Math.PI * R;

/**
 * The top bar's session countdown (SPEC §2 "Top bar", §4 "Warning"): a ring that empties as
 * time runs out, the remaining amount in its centre and an info icon. Exposed as a `timer`
 * with `label` as its name; the ring itself is decorative.
 */
export function CountdownCircle({ remaining, total, text, unit, label, tone = 'neutral', showInfoIcon = true }: CountdownCircleProps) {
  const fraction = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
  return (
    <span className={s.root} role="timer" aria-label={label} title={label} data-tone={tone}>
      <span className={s.ring}>
        <svg className={s.svg} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
          <circle className={s.track} cx="18" cy="18" r={R} fill="none" strokeWidth="3" />
          <circle
            className={s.bar[tone]}
            cx="18"
            cy="18"
            r={R}
            fill="none"
            strokeWidth="3"
            strokeLinecap="round"
            strokeDasharray={C}
            strokeDashoffset={C * (1 - fraction)}
            data-testid="countdown-bar"
          />
        </svg>
        <span className={s.text} aria-hidden="true">
          {unit ? (
            <span className={s.stack}>
              <span>{text}</span>
              <span className={s.unit} data-testid="countdown-unit">
                {unit}
              </span>
            </span>
          ) : (
            text
          )}
        </span>
      </span>
      {showInfoIcon && <Icon name="info" size="sm" className={s.info} />}
    </span>
  );
}
