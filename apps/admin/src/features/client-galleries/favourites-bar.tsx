import { useRef } from 'react';
import { Box, Button, Stack } from '@mui/material';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { DeliveryActivity } from '@darkroom/contracts';
import { copyText } from '../../components/copy-text';
import { useNotify } from '../../components/notify';
import { DELIVERY_TEXT } from './delivery-text';

export interface FavouritesBarProps {
  /** The customer's favourites (from the delivery activity); undefined while loading. */
  favourites: DeliveryActivity['favourites'] | undefined;
  /** The table shows only the favourites. */
  filtered: boolean;
  onFilter: (filtered: boolean) => void;
}

/** The favourites' file names, one per line, as an editor pastes them into a search. */
export const favouriteNames = (favourites: DeliveryActivity['favourites']) => favourites.map((f) => f.name).join('\n');

/** A client gallery's photo page: show only the customer's favourites, and copy their file names. */
export function FavouritesBar({ favourites, filtered, onFilter }: FavouritesBarProps) {
  const notify = useNotify();
  const namesNode = useRef<HTMLPreElement>(null);
  const count = favourites?.length;
  const names = favourites ? favouriteNames(favourites) : '';

  const copy = async () => {
    const ok = await copyText(names, namesNode.current);
    notify(ok ? DELIVERY_TEXT.namesCopied : DELIVERY_TEXT.namesCopyFailed, ok ? 'info' : 'warning');
  };

  return (
    <Stack direction="row" spacing={1}>
      <Button
        variant={filtered ? 'contained' : 'outlined'}
        color="secondary"
        aria-pressed={filtered}
        startIcon={filtered ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        disabled={count === undefined}
        onClick={() => onFilter(!filtered)}
      >
        {count === undefined ? 'Favourites' : `Favourites (${count})`}
      </Button>
      <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={!count} onClick={() => void copy()}>
        Copy file names
      </Button>
      {/* The selection copy's source where the Clipboard API is unavailable: off screen, not hidden. */}
      <Box
        component="pre"
        ref={namesNode}
        aria-hidden
        sx={{ position: 'absolute', left: -10000, top: 'auto', width: '1px', height: '1px', overflow: 'hidden', m: 0 }}
      >
        {names}
      </Box>
    </Stack>
  );
}
