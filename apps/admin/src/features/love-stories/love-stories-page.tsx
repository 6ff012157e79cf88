import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { LOVE_STORY_MESSAGES, LOVE_STORY_PUBLISH_LABEL, type LoveStory } from '@darkroom/contracts';
import { CardGrid, EntityCard } from '../../components/card-grid';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { openGalleryViewer } from '../../components/gallery';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useDeleteLoveStory, useLoveStories, usePublishLoveStory } from './api';
import { LoveStoryDetailsDialog } from './love-story-details-dialog';
import { LoveStoryDialog } from './love-story-dialog';
import { manageLoveStoryPath } from './paths';

/** /Love-stories: every story as a card (three per row on wide screens) with its controls. */
export default function LoveStoriesPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const stories = useLoveStories();
  const publish = usePublishLoveStory();
  const remove = useDeleteLoveStory();
  // `editing`: undefined = closed, null = create, a story = edit. The key remounts the form per story.
  const [editing, setEditing] = useState<LoveStory | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<LoveStory | null>(null);
  const [viewing, setViewing] = useState<LoveStory | null>(null);

  const openGallery = (s: LoveStory) => openGalleryViewer(navigate, { type: 'love-story', id: s.id, title: s.title });
  const manage = (s: LoveStory) => navigate(manageLoveStoryPath(s.id), { state: { id: s.id, title: s.title } });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(LOVE_STORY_MESSAGES.deleted, 'success');
    } catch {
      notify(LOVE_STORY_MESSAGES.failed, 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Love stories"
        subtitle="Stories shown on the site, each with its own photo gallery."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            Create love story
          </Button>
        }
      />
      <CardGrid
        items={stories.data}
        loading={stories.isLoading}
        error={stories.error}
        emptyText={LOVE_STORY_MESSAGES.empty}
        columns={{ xs: 12, sm: 6, md: 4 }}
        getKey={(s) => s.id}
        renderCard={(s) => (
          <EntityCard
            image={{ url: s.cover_image, srcset: s.cover_image_view.srcset, placeholder: s.cover_image_view.placeholder ?? undefined }}
            title={s.title}
            subtitle={s.user_text || undefined}
            onImageClick={() => openGallery(s)}
            extra={
              <Button size="small" sx={{ mt: 1, px: 0, minWidth: 0 }} onClick={() => setViewing(s)} aria-label={`Details of ${s.title}`}>
                View details
              </Button>
            }
            onEdit={() => setEditing(s)}
            onDelete={() => setDeleting(s)}
            onManage={() => manage(s)}
            publish={{
              label: LOVE_STORY_PUBLISH_LABEL,
              published: s.status,
              onChange: (next) => publish.mutateAsync({ id: s.id, status: next }),
            }}
          />
        )}
      />
      {editing !== undefined && <LoveStoryDialog key={editing?.id ?? 'new'} open story={editing} onClose={() => setEditing(undefined)} />}
      <LoveStoryDetailsDialog story={viewing} onClose={() => setViewing(null)} onOpenGallery={openGallery} onManage={manage} />
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `"${deleting.title}" and all its photos will be removed.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
