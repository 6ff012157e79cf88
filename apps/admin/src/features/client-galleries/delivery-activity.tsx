import { useId } from 'react';
import { Alert, Box, Button, List, ListItem, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { deliveryEventText } from '../../components/delivery-events';
import { formatDateTime } from '../../components/format';
import { useDeliveryActivity } from './api';
import { DELIVERY_TEXT } from './delivery-text';

/** How many of the latest events the panel lists. */
const EVENTS_SHOWN = 10;

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** What the customer did with the link: views, downloads, favourites, last visit and the latest events. */
export function DeliveryActivity({ id }: { id: number }) {
  const headingId = useId();
  const activity = useDeliveryActivity(id);
  const data = activity.data;
  const events = data ? [...data.events].sort((a, b) => b.at.localeCompare(a.at)).slice(0, EVENTS_SHOWN) : [];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Activity
      </Typography>
      {activity.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label="Loading activity">
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Stack>
      ) : activity.isError || !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void activity.refetch()}>
              Retry
            </Button>
          }
        >
          {DELIVERY_TEXT.activityFailed}
        </Alert>
      ) : (
        <>
          <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 1 }}>
            <Stat label="Views" value={data.views} />
            <Stat label="Downloads" value={data.downloads} />
            <Stat label="Favourites" value={data.favourites.length} />
            <Stat label="Last visit" value={formatDateTime(data.last_visit)} />
          </Box>
          {events.length ? (
            <List dense aria-label="Latest events" disablePadding>
              {events.map((e, i) => (
                <ListItem key={`${e.at}-${i}`} disableGutters divider={i < events.length - 1}>
                  <ListItemText primary={deliveryEventText(e)} secondary={formatDateTime(e.at)} />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {DELIVERY_TEXT.noActivity}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
