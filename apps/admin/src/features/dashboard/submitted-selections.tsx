import { Link as RouterLink } from 'react-router';
import { Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import type { DashboardSummary } from '@darkroom/contracts';
import { timeAgo } from './api';

/**
 * Visitors' submitted selections, newest first: each links to its gallery's photos page, where
 * the list filters the photos and its file names are copied. Shown only when there is one.
 */
export function SubmittedSelections({ summary }: { summary: DashboardSummary | undefined }) {
  const selections = summary?.submitted_selections ?? [];
  if (!selections.length) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="submitted-selections-title">
      <Typography id="submitted-selections-title" variant="h6" component="h2" sx={{ fontWeight: 600, px: 2.5, pt: 2, pb: 1 }}>
        Submitted selections
      </Typography>
      <List aria-label="Submitted selections">
        {selections.map((s) => (
          <ListItem key={`${s.client_gallery}-${s.submitted_at}`} divider sx={{ '&:last-of-type': { borderBottom: 0 } }}>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                  <Link
                    component={RouterLink}
                    to={`/ClientGalleries?id=${s.client_gallery}`}
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {s.title}
                  </Link>
                  <Typography
                    component="time"
                    variant="caption"
                    color="text.secondary"
                    dateTime={s.submitted_at}
                    title={new Date(s.submitted_at).toLocaleString()}
                    sx={{ ml: 'auto !important' }}
                  >
                    {timeAgo(s.submitted_at)}
                  </Typography>
                </Stack>
              }
              secondary={`${s.email ? `${s.name} (${s.email})` : 'The shared list'}: ${s.count} photo${s.count === 1 ? '' : 's'}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
