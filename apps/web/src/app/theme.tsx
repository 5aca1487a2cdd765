import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ThemeName } from '@servicedesk/contracts';
import { storage } from '../session/storage';

/** Puts `theme` on <html data-theme> where the ui theme reads it. */
export function applyTheme(theme: ThemeName): void {
  document.documentElement.dataset.theme = theme;
}

/**
 * The site theme (SPEC §4 "Theme and language"): light by default, toggled between light and
 * dark, persisted in sd.theme and applied as data-theme on <html>. Other tabs follow through
 * the storage event.
 */
function useThemeState(): ThemeValue {
  const [theme, setTheme] = useState<ThemeName>(() => storage.getTheme());

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    const onStorage = () => setTheme(storage.getTheme());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next: ThemeName = current === 'light' ? 'dark' : 'light';
      storage.setTheme(next);
      return next;
    });
  }, []);

  return useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
}

interface ThemeValue {
  theme: ThemeName;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

/** Holds the site theme for the whole app (mounted once, in the root route). */
export function ThemeProvider({ children }: { children?: ReactNode }) {
  return <ThemeContext.Provider value={useThemeState()}>{children}</ThemeContext.Provider>;
}

/** The current theme and its toggle, from the nearest ThemeProvider. */
export function useTheme(): ThemeValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme: wrap the tree in <ThemeProvider>');
  return value;
}
