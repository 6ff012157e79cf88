import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ColorModeProvider } from './color-mode';
import { LoadingScreen } from './layout/loading-screen';
import { notificationHost, onNotificationBarRequested, requestNotificationBar } from './notification-host';
import { preloadable } from './preloadable';
import { RouteErrorBoundary } from './layout/route-error-boundary';
import { signedInScreenPath } from './early-start';

const LoginPage = lazy(() => import('../features/account/login-page'));
// The signed-in shell (sidebar, header, dialogs, the query cache and the table of its screens) is
// not part of the sign-in page's download.
const NotificationBar = lazy(() => import('../components/notification-bar'));
const layout = preloadable(() => import('./layout/admin-layout').then((m) => ({ default: m.AdminLayout, module: m })));
const AdminLayout = layout.Component;

// Opened signed in on a screen: once the shell's code is here (the entry asked for it, and for the
// screen's code and data, at start: `early-start.ts`), the screen's code and first data are joined.
const screen = signedInScreenPath();
const shellAndScreen: Promise<unknown> = screen
  ? layout
      .load()
      .then((m) => m.module.preloadRoute(screen))
      .catch(() => undefined) // met again, and shown, when the layout renders
  : Promise.resolve();

/**
 * Resolves when the screen the portal opened on can be drawn in one step: the shell's code and
 * the screen's are here (or failed, to be shown when drawn). The page's own 'Loading...' shows
 * meanwhile; a first step drawing React's copy of it cost a commit of its own and, by React's
 * reveal throttle, held the screen back 300 ms.
 */
export const firstScreenReady = (): Promise<unknown> => shellAndScreen;

const notificationsRoot = notificationHost();

// A back or forward press while the first render is drawn (in slices, once the screen's code is
// here) comes before the router listens, and the screen would stay while the address changed: it
// is noted from the start and replayed once the router listens (its listener is a layout effect,
// so it is in place when App's first effect runs).
let missedPopState = false;
const notePopState = () => (missedPopState = true);
window.addEventListener('popstate', notePopState);
function useReplayMissedPopState() {
  useEffect(() => {
    window.removeEventListener('popstate', notePopState);
    if (!missedPopState) return;
    missedPopState = false;
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, []);
}

/**
 * The notification bar (notistack) mounts with the first message, or else in an idle moment a few
 * seconds after start: its code never competes with the first screen's code, data and images.
 */
function DeferredNotificationBar() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const off = onNotificationBarRequested(() => setWanted(true));
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(requestNotificationBar, { timeout: 2000 });
      else requestNotificationBar();
    }, 3000);
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationBar domRoot={notificationsRoot} />
    </Suspense>
  ) : null;
}

export function App() {
  useReplayMissedPopState();
  return (
    <ColorModeProvider>
      <DeferredNotificationBar />
      <BrowserRouter basename="/admin-account">
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route
            path="/login"
            element={
              <RouteErrorBoundary>
                <Suspense fallback={<LoadingScreen />}>
                  <LoginPage />
                </Suspense>
              </RouteErrorBoundary>
            }
          />
          <Route
            path="*"
            element={
              // The layout's own code failing to load (a deploy, a flaky network) shows a message
              // with Reload; the pages' own failures are caught inside the layout.
              <RouteErrorBoundary>
                <Suspense fallback={<LoadingScreen />}>
                  <AdminLayout />
                </Suspense>
              </RouteErrorBoundary>
            }
          />
        </Routes>
      </BrowserRouter>
    </ColorModeProvider>
  );
}
