import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ColorModeProvider } from './color-mode';
import { LoadingScreen } from './layout/loading-screen';
import { notificationHost } from './notification-host';

const LoginPage = lazy(() => import('../features/account/login-page'));
// The signed-in shell (sidebar, header, dialogs, the query cache and the table of its screens) is
// not part of the sign-in page's download.
const NotificationBar = lazy(() => import('../components/notification-bar'));
const AdminLayout = lazy(() => import('./layout/admin-layout').then((m) => ({ default: m.AdminLayout })));

const notificationsRoot = notificationHost();

export function App() {
  return (
    <ColorModeProvider>
      <Suspense fallback={null}>
        <NotificationBar domRoot={notificationsRoot} />
      </Suspense>
      <BrowserRouter basename="/admin-account">
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route
            path="/login"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <LoginPage />
              </Suspense>
            }
          />
          <Route
            path="*"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <AdminLayout />
              </Suspense>
            }
          />
        </Routes>
      </BrowserRouter>
    </ColorModeProvider>
  );
}
