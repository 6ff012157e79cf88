import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { NOTIFICATION_HIDE_MS } from '@darkroom/contracts';
import { ColorModeProvider } from './color-mode';
import { LoadingDialog } from './layout/loading-dialog';
import { notificationHost } from './notification-host';
import { ROUTES } from './routes';

const LoginPage = lazy(() => import('../features/account/login-page'));
// The signed-in shell (sidebar, header, dialogs) is not part of the sign-in page's download.
const AdminLayout = lazy(() => import('./layout/admin-layout').then((m) => ({ default: m.AdminLayout })));
const NotFoundPage = lazy(() => import('./layout/not-found-page'));

const notificationsRoot = notificationHost();

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function App() {
  return (
    <ColorModeProvider>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          domRoot={notificationsRoot}
          maxSnack={3}
          autoHideDuration={NOTIFICATION_HIDE_MS}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          classes={{ containerAnchorOriginTopRight: 'darkroom-toasts' }}
        >
          <BrowserRouter basename="/admin-account">
            <Routes>
              <Route path="/" element={<Navigate to="/login" replace />} />
              <Route
                path="/login"
                element={
                  <Suspense fallback={<LoadingDialog />}>
                    <LoginPage />
                  </Suspense>
                }
              />
              <Route
                element={
                  <Suspense fallback={<LoadingDialog />}>
                    <AdminLayout />
                  </Suspense>
                }
              >
                {ROUTES.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </BrowserRouter>
        </SnackbarProvider>
      </QueryClientProvider>
    </ColorModeProvider>
  );
}
