import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';

const RELOAD_KEY = 'darkroom:chunk-reload';

/** True for the errors browsers raise when a page's code (a lazy chunk) cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * A chunk that is missing while the server answers means a deploy replaced the hashes under an
 * open tab: reload once to pick up the new build. The flag stops a reload loop.
 */
async function reloadIfStale(): Promise<boolean> {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return false;
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}?check=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return false;
  } catch {
    return false; // the server is away: show the message and let the admin retry.
  }
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

interface State {
  error: unknown;
  reloading: boolean;
}

/**
 * Per route, and around the sign-in screen and the admin layout themselves (app.tsx), so a chunk
 * that cannot be loaded never leaves a blank page: a page that fails to load or crashes shows a message with Retry instead of blanking
 * the whole app; the header and sidebar stay usable. Keyed by path, so navigating away resets it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, reloading: isChunkLoadError(error) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    if (!isChunkLoadError(error)) return;
    void reloadIfStale().then((reloading) => {
      if (!reloading) this.setState({ reloading: false });
    });
  }

  private retry = () => {
    // A failed import stays failed in this page's module map: a reload fetches the code afresh.
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null, reloading: false });
  };

  override render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return null;
    const chunk = isChunkLoadError(error);
    return (
      <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
        <Alert
          severity="error"
          sx={{ maxWidth: 560, width: '100%' }}
          action={
            <Button color="inherit" size="small" onClick={this.retry}>
              {chunk ? 'Reload' : 'Retry'}
            </Button>
          }
        >
          <AlertTitle>{chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}</AlertTitle>
          {chunk
            ? 'The connection to the server failed or the portal was updated. Check the connection and reload.'
            : 'The page stopped with an error. Retry, or go to another page from the menu.'}
        </Alert>
      </Box>
    );
  }
}
