import { lazy, useState } from 'react';
import { AppBar, Avatar, Box, Button, IconButton, Toolbar, Tooltip } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { LazyMount } from '../../components/lazy-mount';
import { useColorMode } from '../color-mode';
import { useSession } from '../use-session';
import { THEME_OPTIONS } from '../nav';

// The user menu (profile, password, logout) loads when first opened.
const UserMenu = lazy(() => import('./user-menu'));

export function Header({ drawerWidth, onToggleSidebar }: { drawerWidth: number; onToggleSidebar: () => void }) {
  const session = useSession();
  const { mode, toggle } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const username = session?.userDetail.username ?? '';

  return (
    <AppBar
      position={THEME_OPTIONS.headerFixed ? 'fixed' : 'static'}
      color="inherit"
      elevation={THEME_OPTIONS.headerShadow ? 2 : 0}
      sx={{ width: { md: `calc(100% - ${drawerWidth}px)` }, ml: { md: `${drawerWidth}px` } }}
    >
      <Toolbar>
        <IconButton edge="start" aria-label="Toggle menu" onClick={onToggleSidebar} sx={{ mr: 1, display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={mode === 'dark' ? 'Light mode' : 'Dark mode'}>
          <IconButton aria-label="Toggle dark mode" onClick={toggle}>
            {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
          </IconButton>
        </Tooltip>
        <Button
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          startIcon={
            <Avatar aria-hidden sx={{ width: 28, height: 28, fontSize: 14 }}>
              {username.slice(0, 1).toUpperCase()}
            </Avatar>
          }
          sx={{ textTransform: 'none', ml: 1 }}
          color="inherit"
        >
          {username}
        </Button>
        <LazyMount when={!!anchor}>
          <UserMenu anchor={anchor} username={username} onClose={() => setAnchor(null)} />
        </LazyMount>
      </Toolbar>
    </AppBar>
  );
}
