import { createContext, useContext, type ReactNode } from 'react';
import type { SessionController } from './session';

const SessionContext = createContext<SessionController | null>(null);

/** Provides the app's one SessionController (logout, guard, 401 handling) to the tree. */
export function SessionProvider({ controller, children }: { controller: SessionController; children?: ReactNode }) {
  return <SessionContext.Provider value={controller}>{children}</SessionContext.Provider>;
}

/** The SessionController of the nearest SessionProvider. */
export function useSession(): SessionController {
  const controller = useContext(SessionContext);
  if (!controller) throw new Error('useSession: wrap the tree in <SessionProvider>');
  return controller;
}
