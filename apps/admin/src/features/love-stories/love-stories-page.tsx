import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { LOVE_STORY_MESSAGES, LOVE_STORY_PUBLISH_LABEL, type LoveStory } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { openGalleryViewer } from '../../components/gallery';
import { useDeleteLoveStory, useLoveStories, usePublishLoveStory } from './api';
import { LoveStoryDetailsDialog } from './love-story-details-dialog';
import { LoveStoryDialog } from './love-story-dialog';
import { manageLoveStoryPath } from './paths';

/** /Love-stories: every story as a card (three per row on wide screens) with its controls. */
export default function LoveStoriesPage() {
  const navigate = useNavigate();
  const stories = useLoveStories();
  const publish = usePublishLoveStory();
  const remove = useDeleteLoveStory();
  const [viewing, setViewing] = useState<LoveStory | null>(null);

  const openGallery = (s: LoveStory) => openGalleryViewer(navigate, { type: 'love-story', id: s.id, title: s.title });
  const manage = (s: LoveStory) => navigate(manageLoveStoryPath(s.id), { state: { id: s.id, title: s.title } });

  return (
    <CrudCardPage<LoveStory>
      title="Love stories"
      subtitle="Stories shown on the site, each with its own photo gallery."
      addLabel="Create love story"
      addIcon={<AddIcon />}
      items={stories.data}
      loading={stories.isLoading}
      error={stories.error}
      emptyText={LOVE_STORY_MESSAGES.empty}
      columns={{ xs: 12, sm: 6, md: 4 }}
      card={(s) => ({
        image: { url: s.cover_image, srcset: s.cover_image_view.srcset, placeholder: s.cover_image_view.placeholder ?? undefined },
        title: s.title,
        subtitle: s.user_text || undefined,
        onImageClick: () => openGallery(s),
        onManage: () => manage(s),
        extra: (
          <Button size="small" sx={{ mt: 1, px: 0, minWidth: 0 }} onClick={() => setViewing(s)} aria-label={`View details of ${s.title}`}>
            View details
          </Button>
        ),
      })}
      publish={{ label: LOVE_STORY_PUBLISH_LABEL, onChange: (s, status) => publish.mutateAsync({ id: s.id, status }) }}
      remove={{
        remove: (s) => remove.mutateAsync(s.id),
        deleted: LOVE_STORY_MESSAGES.deleted,
        failed: LOVE_STORY_MESSAGES.failed,
        detail: (s) => `"${s.title}" and all its photos will be removed.`,
      }}
      renderEditor={(story, onClose) => <LoveStoryDialog story={story} onClose={onClose} />}
    >
      <LoveStoryDetailsDialog story={viewing} onClose={() => setViewing(null)} onOpenGallery={openGallery} onManage={manage} />
    </CrudCardPage>
  );
}
