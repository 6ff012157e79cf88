import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, createTheme, useMediaQuery } from '@mui/material';

/**
 * MUI's styles without emotion's vendor prefixer (no `stylisPlugins`): the browsers the portal
 * supports read the unprefixed properties (Safari's user-select is in index.html). /portfolio's
 * styles are 41 KB instead of 56 KB, and none of the prefixed rules Chromium rejects are inserted.
 */
const styleCache = createCache({ key: 'css', stylisPlugins: [] });

type Mode = 'light' | 'dark';
const KEY = 'darkroom:color-mode';
const ColorModeContext = createContext<{ mode: Mode; toggle: () => void }>({ mode: 'light', toggle: () => {} });

export const useColorMode = () => useContext(ColorModeContext);

/** Light and dark themes; the choice is remembered, the system preference is the default. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [chosen, setChosen] = useState<Mode | null>(() => (localStorage.getItem(KEY) as Mode | null) ?? null);
  const mode: Mode = chosen ?? (prefersDark ? 'dark' : 'light');
  const theme = useMemo(
    () =>
      createTheme({
        palette: {
          mode,
          // Text on a coloured button is white only where it reaches 4.5:1 (WCAG AA), not MUI's
          // default 3:1: a dark mode 'Yes, Delete' was white on #f44336 (3.68:1).
          contrastThreshold: 4.5,
          primary: { main: mode === 'dark' ? '#90caf9' : '#3d4977' },
          secondary: { main: '#c2185b' },
          background: mode === 'dark' ? { default: '#121418', paper: '#1b1e24' } : { default: '#f4f5fd', paper: '#ffffff' },
        },
        shape: { borderRadius: 8 },
        typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        components: {
          MuiButton: { defaultProps: { disableElevation: true } },
          // notistack's own success, info and warning colours are too light for white text (axe
          // colour-contrast): darker shades of the same hues, at least 4.5:1.
          MuiCssBaseline: {
            styleOverrides: {
              '.darkroom-toasts .notistack-MuiContent-success': { backgroundColor: '#1b5e20' },
              '.darkroom-toasts .notistack-MuiContent-info': { backgroundColor: '#0d47a1' },
              '.darkroom-toasts .notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
            },
          },
        },
      }),
    [mode],
  );
  const value = useMemo(
    () => ({
      mode,
      toggle: () => {
        const next: Mode = mode === 'dark' ? 'light' : 'dark';
        localStorage.setItem(KEY, next);
        setChosen(next);
      },
    }),
    [mode],
  );
  return (
    <CacheProvider value={styleCache}>
      <ColorModeContext.Provider value={value}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </ColorModeContext.Provider>
    </CacheProvider>
  );
}
