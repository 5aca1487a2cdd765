import { createContext, useContext, type ReactNode } from 'react';
import { buildHubConnection, createHubClient, HUB_URL, type HubClient } from '@servicedesk/realtime/connection';
import { isTokenExpired, storage } from '../../session/storage';

/** What the chat needs from the outside world; tests swap in a fake hub and a silent sound. */
export interface ChatEnvironment {
  /** Builds the hub client (not started). */
  createHub: () => HubClient;
  /** The incoming-message sound (SPEC §4). */
  playSound: () => void;
}

/**
 * The real hub on /ChatHub through packages/realtime: the token is read on every (re)connect and
 * a connection is only attempted while a token exists and has not expired (SPEC §4 "Chat").
 */
export function createRealHub(): HubClient {
  return createHubClient({
    // Absolute, so the client never has to resolve a relative URL itself.
    connection: buildHubConnection({
      url: new URL(HUB_URL, window.location.href).href,
      accessTokenFactory: () => storage.getToken() ?? '',
    }),
    canConnect: () => storage.getToken() !== null && !isTokenExpired(),
  });
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

const defaultEnvironment: ChatEnvironment = { createHub: createRealHub, playSound: playBeep };
const Context = createContext<ChatEnvironment>(defaultEnvironment);

/** Overrides the chat's hub and sound (tests, stories). */
export function ChatEnvironmentProvider({ value, children }: { value: ChatEnvironment; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useChatEnvironment(): ChatEnvironment {
  return useContext(Context);
}
