import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenReady } from './app';

/**
 * The page's own 'Loading...' (index.html) is on screen until the first render replaces it. That
 * render waits for the code of the screen the portal opened on, and is a transition: React draws
 * it in slices, between which the browser stays responsive, where a plain render is one long task
 * (40-70 ms here, four times that on a phone).
 */
export function renderApp(): void {
  void firstScreenReady().then(() =>
    startTransition(() => {
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );
}
