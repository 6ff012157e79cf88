import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppBar, Avatar, Box, Button, Divider, IconButton, Menu, MenuItem, Toolbar, Tooltip } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { authApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { clearSession } from '../session';
import { useColorMode } from '../color-mode';
import { useSession } from '../use-session';
import { THEME_OPTIONS } from '../nav';

export function Header({ drawerWidth, onToggleSidebar }: { drawerWidth: number; onToggleSidebar: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const { mode, toggle } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const username = session?.userDetail.username ?? '';

  const go = (to: string) => {
    setAnchor(null);
    void navigate(to);
  };
  const logout = async () => {
    setAnchor(null);
    await call(authApi.logout).catch(() => undefined);
    localStorage.clear();
    clearSession();
    void navigate('/login', { replace: true });
  };

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
        <Menu
          anchorEl={anchor}
          open={!!anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem disabled sx={{ opacity: '1 !important', fontWeight: 600 }}>
            {username}
          </MenuItem>
          <Divider />
          <MenuItem onClick={() => go('/UserProfile')}>Profile settings</MenuItem>
          <MenuItem onClick={() => go('/Change-password')}>Change password</MenuItem>
          <MenuItem onClick={logout}>Logout</MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
