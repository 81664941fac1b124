import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from './theme';
import type { Mode } from './tokens';

/** localStorage key holding the user's light/dark choice. */
export const THEME_MODE_KEY = 'portal.themeMode';

interface ThemeModeContextValue {
  mode: Mode;
  setMode: (mode: Mode) => void;
  toggleMode: () => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The user's own choice, or null when they have not chosen yet. */
export function readChosenMode(): Mode | null {
  try {
    const stored = window.localStorage.getItem(THEME_MODE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return null;
  }
}

function systemMode(): Mode {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The mode to show: the user's choice, else the system's preference. */
export function readStoredMode(): Mode {
  return readChosenMode() ?? systemMode();
}

/**
 * Follows the system's light/dark preference (and its changes) until the user
 * chooses; the choice is then remembered in localStorage.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<Mode>(readStoredMode);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => {
      if (readChosenMode() === null) setModeState(query.matches ? 'dark' : 'light');
    };
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);
  const theme = useMemo(() => createAppTheme(mode), [mode]);

  const setMode = useCallback((next: Mode) => {
    setModeState(next);
    try {
      window.localStorage.setItem(THEME_MODE_KEY, next);
    } catch {
      // Storage may be unavailable (private mode): the choice lasts for this page only.
    }
  }, []);
  const toggleMode = useCallback(() => setMode(mode === 'light' ? 'dark' : 'light'), [mode, setMode]);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  const value = useMemo(() => ({ mode, setMode, toggleMode }), [mode, setMode, toggleMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside ThemeModeProvider');
  return value;
}
