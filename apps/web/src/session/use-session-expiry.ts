import { useCallback, useEffect, useRef, useState } from 'react';
import { expiryPhase, startLogoutCountdown, type ExpiryPhase, type SessionController } from './session';

export interface SessionExpiryView {
  /** Where the session stands, refreshed every `intervalMs`. */
  phase: ExpiryPhase;
  /** The warning dialog (title `attention`) is open. */
  showWarning: boolean;
  /** The user confirmed the warning: the 30 s countdown starts and its end time is stored. */
  confirmWarning(): void;
}

/**
 * The expiry watcher of SPEC §4 for the signed-in layouts. Every second (and whenever another
 * tab changes local storage) it re-reads the stored session:
 * - ≤ 15 min left and no countdown → `showWarning`;
 * - a stored countdown reached zero → logout with bypassGuard=true (other tabs are told);
 * - the token expired without a countdown → logout with the sessionHasExpired toast;
 * - the token disappeared (another tab logged out) → local logout without broadcasting.
 */
export function useSessionExpiry(
  controller: SessionController,
  options: { intervalMs?: number; now?: () => number } = {},
): SessionExpiryView {
  const { intervalMs = 1000 } = options;
  const nowRef = useRef(options.now ?? Date.now);
  const [phase, setPhase] = useState<ExpiryPhase>(() => expiryPhase(nowRef.current()));
  const done = useRef(false);

  const tick = useCallback(() => {
    if (done.current) return;
    const next = expiryPhase(nowRef.current());
    switch (next.kind) {
      case 'countdownOver':
        done.current = true;
        controller.logout({ bypassGuard: true });
        return;
      case 'expired':
        done.current = true;
        controller.logout({ toast: 'sessionHasExpired' });
        return;
      case 'none':
        done.current = true;
        controller.logout({ broadcast: false });
        return;
      default:
        setPhase(next);
    }
  }, [controller]);

  useEffect(() => {
    done.current = false;
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, intervalMs);
    window.addEventListener('storage', tick);
    return () => {
      clearTimeout(first);
      clearInterval(id);
      window.removeEventListener('storage', tick);
    };
  }, [tick, intervalMs]);

  const confirmWarning = useCallback(() => {
    startLogoutCountdown(nowRef.current());
    setPhase(expiryPhase(nowRef.current()));
  }, []);

  return { phase, showWarning: phase.kind === 'warning', confirmWarning };
}
