import { Fragment } from 'react';
import { NavLink } from 'react-router';
import {
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Toolbar,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';
import { plainItem, SIDEBAR, type NavItem } from '../nav';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto', height: '100%' }}>
      <Toolbar>
        <Typography variant="h6" sx={{ fontWeight: 700, letterSpacing: 1 }}>
          Darkroom
        </Typography>
      </Toolbar>
      <List dense disablePadding>
        {SIDEBAR.map((group) => {
          const plain = plainItem(group);
          if (plain) return <SidebarLink key={group.label} item={plain} onNavigate={onNavigate} sx={{ mt: 1 }} />;
          return (
            <Fragment key={group.label}>
              <ListSubheader sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent', textTransform: 'uppercase', fontSize: 11 }}>
                {group.label}
              </ListSubheader>
              {group.items.map((item) => (
                <SidebarLink key={item.to} item={item} onNavigate={onNavigate} />
              ))}
            </Fragment>
          );
        })}
      </List>
    </Box>
  );
}

function SidebarLink({ item, onNavigate, sx }: { item: NavItem; onNavigate?: () => void; sx?: SxProps<Theme> }) {
  return (
    // Each link sits in its own <li>: a list holds list items only.
    <ListItem disablePadding sx={sx}>
      <ListItemButton
        component={NavLink}
        to={item.to}
        onClick={onNavigate}
        sx={{ mx: 1, borderRadius: 1, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}
