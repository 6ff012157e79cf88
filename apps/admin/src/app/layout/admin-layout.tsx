import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { Box, Drawer, Fade, Toolbar, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useSession } from '../use-session';
import { THEME_OPTIONS } from '../nav';
import { Header } from './header';
import { LoadingDialog } from './loading-dialog';
import { LoadingScreen } from './loading-screen';
import { ReauthDialog } from './reauth-dialog';
import { RouteErrorBoundary } from './route-error-boundary';
import { titleFor } from '../route-paths';
import { Sidebar } from './sidebar';
import { queryClient } from '../query-client';
import { ROUTES } from '../routes';

export { preloadRoute } from '../routes';

const NotFoundPage = lazy(() => import('./not-found-page'));
// The first-run setup shows on the dashboard, where an admin lands after signing in.
const SetupCard = lazy(() => import('../../features/site-settings/setup-card'));

const DRAWER_WIDTH = 260;
const MAIN_ID = 'main-content';

/**
 * The first stop of the keyboard: past the header and the twenty links of the menu to the page.
 * Hidden until focused. Focus is moved by hand: following '#main-content' would change the URL
 * and the router would take it as a navigation.
 */
function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}

/** Header, sidebar and the current page; without a stored session everything goes to /login. */
export function AdminLayout() {
  const session = useSession();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState<boolean>(THEME_OPTIONS.sidebarToggleMobile);
  // The screen the portal opened on shows at once (a fade would hold back its largest paint);
  // every screen navigated to afterwards fades in.
  const [openedOn] = useState(location.key);
  // One sidebar at a time: the fixed one from md up, else the folding one, drawn only while open.
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });

  useEffect(() => {
    window.scrollTo(0, 0);
    document.title = titleFor(location.pathname);
  }, [location.pathname]);

  // Remember where the admin was, so signing in again returns there (not to /dashboard).
  if (!session) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <SkipLink target={MAIN_ID} />
        <ReauthDialog />
        <Header drawerWidth={DRAWER_WIDTH} onToggleSidebar={() => setMobileOpen((o) => !o)} />
        <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          {desktop ? (
            <Drawer
              variant="permanent"
              open
              sx={{
                '& .MuiDrawer-paper': {
                  width: DRAWER_WIDTH,
                  boxSizing: 'border-box',
                  position: THEME_OPTIONS.sidebarFixed ? 'fixed' : 'absolute',
                },
              }}
            >
              <Sidebar />
            </Drawer>
          ) : (
            <Drawer
              variant="temporary"
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
            >
              <Sidebar onNavigate={() => setMobileOpen(false)} />
            </Drawer>
          )}
        </Box>
        <Box
          component="main"
          id={MAIN_ID}
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', '&:focus': { outline: 'none' } }}
        >
          <Toolbar />
          <Box sx={{ p: { xs: 2, md: 3 }, flex: 1 }}>
            {/* Keyed by path: a new Suspense boundary shows 'Loading...' even for an in-app navigation
              (a transition would otherwise keep the old page up while the new chunk loads). */}
            <RouteErrorBoundary key={location.pathname}>
              {/* The screen the portal opened on keeps the entry's light 'Loading...' dialog while its
                code arrives: the shell is drawn first, the screen in a second, smaller step. */}
              {location.pathname === '/dashboard' && (
                <Suspense fallback={null}>
                  <SetupCard />
                </Suspense>
              )}
              <Suspense fallback={location.key === openedOn ? <LoadingScreen /> : <LoadingDialog />}>
                <Fade in appear={location.key !== openedOn} timeout={250}>
                  <Box>
                    <Routes>
                      {ROUTES.map(({ path, Page }) => (
                        <Route key={path} path={path} element={<Page />} />
                      ))}
                      <Route path="*" element={<NotFoundPage />} />
                    </Routes>
                  </Box>
                </Fade>
              </Suspense>
            </RouteErrorBoundary>
          </Box>
          <Box component="footer" sx={{ px: 3, py: 2, color: 'text.secondary', borderTop: 1, borderColor: 'divider' }}>
            <Typography variant="caption">Darkroom · studio back office</Typography>
          </Box>
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
