import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the chat needs from the outside world besides the hub (which is the tab's one connection,
 * apps/web/src/realtime): tests swap in a silent sound.
 */
export interface ChatEnvironment {
  /** The incoming-message sound (SPEC §4). */
  playSound: () => void;
}

/** A short two-tone beep through Web Audio; silent where audio is unavailable or blocked. */
export function playBeep(): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.setValueAtTime(880, ctx.currentTime);
    osc.frequency.setValueAtTime(660, ctx.currentTime + 0.12);
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.3);
    osc.onended = () => void ctx.close();
  } catch {
    // Autoplay policies may refuse before the first user gesture: the message still shows.
  }
}

const defaultEnvironment: ChatEnvironment = { playSound: playBeep };
const Context = createContext<ChatEnvironment>(defaultEnvironment);

/** Overrides the chat's sound (tests, stories). */
export function ChatEnvironmentProvider({ value, children }: { value: ChatEnvironment; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useChatEnvironment(): ChatEnvironment {
  return useContext(Context);
}
