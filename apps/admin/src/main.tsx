import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

// The first render is a transition: React draws it in slices, between which the browser stays
// responsive, where a plain render is one long task (40-70 ms here, four times that on a phone).
// The page's own 'Loading...' (index.html) is on screen meanwhile.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
