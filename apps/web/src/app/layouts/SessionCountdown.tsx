import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@servicedesk/i18n';
import { AlertDialog } from '@servicedesk/ui/AlertDialog';
import { CountdownCircle } from '@servicedesk/ui/CountdownCircle';
import type { ExpiryPhase } from '../../session/session';
import { useSession } from '../../session/session-context';
import { useSessionExpiry } from '../../session/use-session-expiry';
import { LOGOUT_COUNTDOWN_MS, WARNING_THRESHOLD_MS } from '../../session/session';

/** The ring's full span while no countdown runs: the default token lifetime (8 h). */
const SESSION_SPAN_MS = 480 * 60 * 1000;

/**
 * The countdown circle of the top bar (SPEC §2, §4). While the 30 s logout countdown runs it
 * shows the seconds left (danger colour). Otherwise it shows the minutes left of the session
 * (warning colour in the last 15 minutes), so the user sees the warning coming.
 */
export function SessionCountdown({ phase }: { phase: ExpiryPhase }) {
  const { t, i18n } = useTranslation();
  if (phase.kind === 'countdown') {
    const seconds = Math.max(0, Math.ceil(phase.countdownRemainingMs / 1000));
    return (
      <CountdownCircle
        remaining={phase.countdownRemainingMs}
        total={LOGOUT_COUNTDOWN_MS}
        text={String(seconds)}
        label={t('layout.session.remainingSeconds', { seconds })}
        tone="danger"
      />
    );
  }
  if (phase.kind === 'ok' || phase.kind === 'warning') {
    const minutes = Math.max(0, Math.ceil(phase.sessionRemainingMs / 60_000));
    // Three digits do not fit the ring: from 100 minutes on it shows whole hours. The unit is a
    // translated short name ("saat", "hr", "ч", "sa."), never a letter that reads as another unit
    // (az "8s" looked like seconds) — and not Intl's: Chrome has no az unit data, and the az
    // fallback (packages/i18n intl-az.ts) formats az numbers through de, which wrote "Std.".
    const hours = minutes >= 100;
    const amount = hours ? Math.floor(minutes / 60) : minutes;
    return (
      <CountdownCircle
        remaining={phase.sessionRemainingMs}
        total={Math.max(SESSION_SPAN_MS, phase.sessionRemainingMs)}
        text={formatNumber(amount, i18n.language)}
        unit={t(hours ? 'layout.session.unitHour' : 'layout.session.unitMinute')}
        label={hours ? t('layout.session.remainingHours', { count: amount }) : t('layout.session.remainingMinutes', { minutes })}
        tone={phase.sessionRemainingMs <= WARNING_THRESHOLD_MS ? 'warning' : 'neutral'}
      />
    );
  }
  return null;
}

const PhaseContext = createContext<ExpiryPhase>({ kind: 'none' });

/**
 * Watches the session's expiry for a signed-in layout (SPEC §4, `useSessionExpiry`: a tick every
 * second) and shows the warning dialog; the circle in the top bar reads the phase through
 * {@link LiveSessionCountdown}. `children` are the layout's own elements: a tick re-renders the
 * circle and the dialog only, never the top bar, the sidebar or the page (issue #19).
 */
export function SessionExpiryWatch({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const expiry = useSessionExpiry(useSession());
  const warningSeconds = expiry.phase.kind === 'warning' ? Math.max(0, Math.ceil(expiry.phase.sessionRemainingMs / 1000)) : 0;
  return (
    <PhaseContext.Provider value={expiry.phase}>
      {children}
      <AlertDialog
        title={t('attention')}
        isOpen={expiry.showWarning}
        onOpenChange={(open) => {
          if (!open) expiry.confirmWarning();
        }}
        primaryActionLabel={t('confirm')}
        onPrimaryAction={expiry.confirmWarning}
      >
        <p>{t('sessionWillExpireInSeconds', { seconds: warningSeconds })}</p>
        <p>{t('sessionWillExpireSoon')}</p>
      </AlertDialog>
    </PhaseContext.Provider>
  );
}

/** The session circle of the phase {@link SessionExpiryWatch} keeps. */
export function LiveSessionCountdown() {
  return <SessionCountdown phase={useContext(PhaseContext)} />;
}
