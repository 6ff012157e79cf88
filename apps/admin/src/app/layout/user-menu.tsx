import { useNavigate } from 'react-router';
import { Divider, Menu, MenuItem } from '@mui/material';
import { authApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { clearSession } from '../session';

/** The header's user menu: the username, Profile settings, Change password and Logout. */
export default function UserMenu({ anchor, username, onClose }: { anchor: HTMLElement | null; username: string; onClose: () => void }) {
  const navigate = useNavigate();
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  const logout = async () => {
    onClose();
    await call(authApi.logout).catch(() => undefined);
    localStorage.clear();
    clearSession();
    void navigate('/login', { replace: true });
  };
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
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
  );
}
