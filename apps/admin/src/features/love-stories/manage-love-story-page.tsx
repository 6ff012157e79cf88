import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { Alert, Button, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { GalleryManager } from '../../components/gallery';
import { PageHeader } from '../../components/page-header';
import { useLoveStory } from './api';
import { readStoryRef } from './paths';

/** /ManageLoveStory: the photos of one story (state {id, title}; the id is also in the query). */
export default function ManageLoveStoryPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const ref = readStoryRef(location.state, search);
  // The title comes from the navigation state; after a reload without it, from the story itself.
  const story = useLoveStory(ref.id);
  const title = ref.title ?? story.data?.title ?? null;

  const back = (
    <Button component={RouterLink} to="/Love-stories" startIcon={<ArrowBackIcon />}>
      Love stories
    </Button>
  );
  if (!ref.id || story.isError) {
    return (
      <>
        <PageHeader title="Manage love story" actions={back} />
        <Alert severity="warning">No love story selected. Choose Manage on a story to upload and organise its photos.</Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={title ? `Manage ${title} Gallery` : 'Manage love story'}
        subtitle={story.data?.user_text ? `Love story of ${story.data.user_text}` : undefined}
        actions={back}
      />
      {title ? <GalleryManager type="love-story" parentId={ref.id} name={title} /> : <Skeleton variant="rectangular" height={320} />}
    </>
  );
}
