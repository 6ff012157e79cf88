import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  Grid,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import DesignServicesOutlinedIcon from '@mui/icons-material/DesignServicesOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorderOutlined';
import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import WallpaperOutlinedIcon from '@mui/icons-material/WallpaperOutlined';
import ViewCarouselOutlinedIcon from '@mui/icons-material/ViewCarouselOutlined';
import GridViewOutlinedIcon from '@mui/icons-material/GridViewOutlined';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  DASHBOARD_COUNT_KEYS,
  DASHBOARD_MESSAGES,
  type DashboardCountKey,
  type DashboardPublishableKey,
  type DashboardSummary,
} from '@darkroom/contracts';
import { deliveryEventText } from '../../components/delivery-events';
import { PageHeader } from '../../components/page-header';
import { formatBytes, timeAgo, useDashboard } from './api';
import { SubmittedSelections } from './submitted-selections';

interface StatDef {
  label: string;
  to: string;
  Icon: ComponentType<SvgIconProps>;
  color: 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';
}

/** Each count's card: its label, the screen it opens (routes.tsx / nav.ts) and an icon. */
const STATS: Record<DashboardCountKey, StatDef> = {
  services: { label: 'Services', to: '/portfolio', Icon: DesignServicesOutlinedIcon, color: 'primary' },
  love_stories: { label: 'Love stories', to: '/Love-stories', Icon: FavoriteBorderIcon, color: 'secondary' },
  client_galleries: { label: 'Client galleries', to: '/Client-gallery', Icon: CollectionsOutlinedIcon, color: 'info' },
  gallery_photos: { label: 'Gallery photos', to: '/Client-gallery', Icon: PhotoLibraryOutlinedIcon, color: 'info' },
  team_members: { label: 'Team members', to: '/the-team', Icon: GroupsOutlinedIcon, color: 'success' },
  users: { label: 'Users', to: '/Manage-users', Icon: PersonOutlineIcon, color: 'primary' },
  admins: { label: 'Admins', to: '/Manage-admins', Icon: AdminPanelSettingsOutlinedIcon, color: 'warning' },
  enquiries: { label: 'Enquiries', to: '/User-enquiries', Icon: MailOutlineIcon, color: 'error' },
  page_images: { label: 'Page images', to: '/manage-page-images', Icon: WallpaperOutlinedIcon, color: 'secondary' },
  carousel_items: { label: 'Carousel images', to: '/manage-carousel-images', Icon: ViewCarouselOutlinedIcon, color: 'success' },
  home_gallery_images: { label: 'Home gallery images', to: '/manage-home-gallery', Icon: GridViewOutlinedIcon, color: 'warning' },
};

const CARD_SIZE = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/** /dashboard: how much of everything there is, the newest enquiries, and media storage used. */
export default function DashboardPage() {
  const { data, isPending, isError, refetch, isFetching } = useDashboard();
  return (
    <>
      <PageHeader
        title={DASHBOARD_MESSAGES.title}
        subtitle="An overview of the studio's content"
        actions={
          <Button startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
            Refresh
          </Button>
        }
      />
      {isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {DASHBOARD_MESSAGES.loadFailed}
        </Alert>
      ) : (
        <Stack spacing={3}>
          {data && data.enquiry_recipients === 0 && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" component={RouterLink} to="/UserProfile">
                  {DASHBOARD_MESSAGES.addEmail}
                </Button>
              }
            >
              {DASHBOARD_MESSAGES.noRecipients}
            </Alert>
          )}
          <Grid container spacing={2.5} component="section" aria-label="Counts" aria-busy={isPending}>
            {DASHBOARD_COUNT_KEYS.map((key) => (
              <Grid key={key} size={CARD_SIZE}>
                {data ? <StatCard statKey={key} summary={data} /> : <StatSkeleton />}
              </Grid>
            ))}
            <Grid size={CARD_SIZE}>{data ? <StorageCard summary={data} /> : <StatSkeleton />}</Grid>
          </Grid>
          <LatestEnquiries summary={data} />
          <SubmittedSelections summary={data} />
          <LatestDeliveries summary={data} />
        </Stack>
      )}
    </>
  );
}

/** One count as a card; the whole card is a link to the area's screen. */
function StatCard({ statKey, summary }: { statKey: DashboardCountKey; summary: DashboardSummary }) {
  const { label, to, Icon, color } = STATS[statKey];
  const value = summary.counts[statKey];
  const published = statKey in summary.published ? summary.published[statKey as DashboardPublishableKey] : null;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}

        data-stat={statKey}
        sx={{ height: '100%', p: 2.5 }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText`, width: 48, height: 48 }}>
            <Icon aria-hidden />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid={`count-${statKey}`}>
              {value.toLocaleString()}
            </Typography>
            {published !== null && (
              <Typography variant="caption" color="text.secondary">
                {published.toLocaleString()} published
              </Typography>
            )}
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** Media storage used; the server measures it at most once a minute. */
function StorageCard({ summary }: { summary: DashboardSummary }) {
  const { files, bytes } = summary.storage;
  return (
    <Card variant="outlined" sx={{ height: '100%', p: 2.5 }} component="section" aria-label="Media storage">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" sx={{ bgcolor: 'text.secondary', color: 'background.paper', width: 48, height: 48 }}>
          <StorageOutlinedIcon aria-hidden />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Media storage used
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="storage-bytes">
            {formatBytes(bytes)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {files.toLocaleString()} {files === 1 ? 'file' : 'files'} · as of{' '}
            <time dateTime={summary.storage.measured_at}>
              {new Date(summary.storage.measured_at).toLocaleTimeString(undefined, { timeStyle: 'short' })}
            </time>
          </Typography>
        </Box>
      </Stack>
    </Card>
  );
}

function StatSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2.5 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Skeleton variant="rounded" width={48} height={48} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="60%" />
          <Skeleton width="35%" height={40} />
        </Box>
      </Stack>
    </Card>
  );
}

/** The five newest enquiries, with a way to the full list. */
function LatestEnquiries({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="latest-enquiries-title">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, pt: 2, pb: 1 }}>
        <Typography id="latest-enquiries-title" variant="h6" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Newest enquiries
        </Typography>
        <Button component={RouterLink} to="/User-enquiries" size="small">
          View all
        </Button>
      </Stack>
      {!summary ? (
        <List aria-busy="true">
          {[0, 1, 2].map((i) => (
            <ListItem key={i}>
              <ListItemAvatar>
                <Skeleton variant="circular" width={40} height={40} />
              </ListItemAvatar>
              <ListItemText primary={<Skeleton width="30%" />} secondary={<Skeleton width="70%" />} />
            </ListItem>
          ))}
        </List>
      ) : summary.latest_enquiries.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 3, pt: 1 }}>
          {DASHBOARD_MESSAGES.noEnquiries}
        </Typography>
      ) : (
        <List aria-label="Newest enquiries">
          {summary.latest_enquiries.map((e) => (
            <ListItem key={e.id} alignItems="flex-start" divider sx={{ '&:last-of-type': { borderBottom: 0 } }}>
              <ListItemAvatar>
                <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }} aria-hidden>
                  {initials(e.full_name)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {e.full_name}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {e.email}
                    </Typography>
                    <Typography
                      component="time"
                      variant="caption"
                      color="text.secondary"
                      dateTime={e.time_created}
                      title={new Date(e.time_created).toLocaleString()}
                      sx={{ ml: 'auto !important' }}
                    >
                      {timeAgo(e.time_created)}
                    </Typography>
                  </Stack>
                }
                secondary={e.message}
                slotProps={{
                  secondary: {
                    sx: {
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                      overflowWrap: 'anywhere',
                    },
                  },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** The customers' latest visits, downloads and favourites across client galleries. */
function LatestDeliveries({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="latest-deliveries-title">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2.5, pt: 2, pb: 1 }}>
        <Typography id="latest-deliveries-title" variant="h6" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Latest deliveries
        </Typography>
        <Button component={RouterLink} to="/Client-gallery" size="small">
          Client galleries
        </Button>
      </Stack>
      {!summary ? (
        <List aria-busy="true">
          {[0, 1].map((i) => (
            <ListItem key={i}>
              <ListItemText primary={<Skeleton width="40%" />} secondary={<Skeleton width="60%" />} />
            </ListItem>
          ))}
        </List>
      ) : summary.latest_deliveries.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 3, pt: 1 }}>
          No customer has opened a delivery link yet
        </Typography>
      ) : (
        <List aria-label="Latest deliveries">
          {summary.latest_deliveries.map((e, i) => (
            <ListItem key={`${e.client_gallery}-${e.at}-${i}`} divider sx={{ '&:last-of-type': { borderBottom: 0 } }}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {e.title}
                    </Typography>
                    <Typography
                      component="time"
                      variant="caption"
                      color="text.secondary"
                      dateTime={e.at}
                      title={new Date(e.at).toLocaleString()}
                      sx={{ ml: 'auto !important' }}
                    >
                      {timeAgo(e.at)}
                    </Typography>
                  </Stack>
                }
                secondary={deliveryEventText(e)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
