import { useLocation, useSearchParams } from 'react-router';
import { GalleryPhotosPage } from '../../components/gallery';
import { useLoveStory } from './api';
import { readStoryRef } from './paths';

/** /ManageLoveStory: the photos of one story (state {id, title}; the id is also in the query). */
export default function ManageLoveStoryPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const ref = readStoryRef(location.state, search);
  // The title comes from the navigation state; after a reload without it, from the story itself.
  const story = useLoveStory(ref.id);
  return (
    <GalleryPhotosPage
      type="love-story"
      id={ref.id}
      name={ref.title ?? story.data?.title ?? null}
      parent={story}
      back={{ to: '/Love-stories', label: 'Love stories' }}
      title={(name) => `Manage ${name} Gallery`}
      fallbackTitle="Manage love story"
      subtitle={story.data?.user_text ? `Love story of ${story.data.user_text}` : undefined}
      noneChosen="No love story selected. Choose Manage on a story to upload and organise its photos."
    />
  );
}
