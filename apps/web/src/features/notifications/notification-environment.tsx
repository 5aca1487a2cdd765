import { createContext, useContext, type ReactNode } from 'react';
import { createCrossTabBus, type CrossTabBus } from '@servicedesk/realtime/cross-tab';

/** What the bell needs from the outside world; tests pass a fake bus, sound and window opener. */
export interface NotificationEnvironment {
  /** The tab's cross-tab bus (created lazily once per tab by default). */
  getBus(): CrossTabBus;
  /** The new-notification sound (SPEC §4). */
  playSound(): void;
  /** Opens a redirect URL in a new tab (SPEC §4). */
  openInNewTab(url: string): void;
}

let sharedBus: CrossTabBus | null = null;

/** A short beep through Web Audio; silent where audio is unavailable or blocked by autoplay rules. */
export function playNotificationBeep(): void {
  try {
    const Ctx = window.AudioContext as typeof AudioContext | undefined;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.setValueAtTime(1046, ctx.currentTime);
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    osc.onended = () => void ctx.close();
  } catch {
    // No sound before the first user gesture: the notification still shows.
  }
}

const defaultEnvironment: NotificationEnvironment = {
  getBus: () => (sharedBus ??= createCrossTabBus()),
  playSound: playNotificationBeep,
  openInNewTab: (url) => void window.open(url, '_blank', 'noopener'),
};

const Context = createContext<NotificationEnvironment>(defaultEnvironment);

/** Overrides the bell's bus, sound and window opener (tests, stories). */
export function NotificationEnvironmentProvider({ value, children }: { value: NotificationEnvironment; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useNotificationEnvironment(): NotificationEnvironment {
  return useContext(Context);
}
