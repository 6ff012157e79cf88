import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { GalleryPhotosPage, useGalleryPhotos } from '../../components/gallery';
import { useClientGallery, useDeliveryActivity, useSelections } from './api';
import { FavouritesBar } from './favourites-bar';
import { readGalleryRef } from './paths';
import { SelectionsBar } from './selections-bar';
import { useSetsOnPhotosPage } from './sets-on-photos-page';

/** /ClientGalleries: the photos of one client gallery (title from the navigation state; id also in the query). */
export default function ClientPhotosPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const ref = readGalleryRef(location.state, search);
  const gallery = useClientGallery(ref.id);
  const activity = useDeliveryActivity(ref.id);
  const photos = useGalleryPhotos('client-gallery', ref.id);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const favourites = activity.data?.favourites;
  const favouriteIds = useMemo(() => new Set((favourites ?? []).map((f) => f.id)), [favourites]);
  const sets = useSetsOnPhotosPage(ref.id, photos.data);
  const selections = useSelections(ref.id);
  const [list, setList] = useState<number | null>(null);
  const listIds = useMemo(() => {
    const chosen = selections.data?.find((s) => s.id === list);
    return chosen ? new Set(chosen.photos.map((p) => p.id)) : null;
  }, [selections.data, list]);
  // A visitor's list or the favourites, within the chosen set.
  const only = useMemo(() => {
    const picked = listIds ?? (onlyFavourites ? favouriteIds : null);
    if (!picked || !sets.only) return picked ?? sets.only;
    return new Set([...picked].filter((id) => sets.only!.has(id)));
  }, [listIds, onlyFavourites, favouriteIds, sets.only]);
  return (
    <GalleryPhotosPage
      type="client-gallery"
      id={ref.id}
      name={ref.title ?? gallery.data?.title ?? null}
      parent={gallery}
      back={{ to: '/Client-gallery', label: 'Client galleries' }}
      title={(name) => name}
      fallbackTitle="Client gallery photos"
      subtitle={gallery.data?.user_text ? `Client gallery of ${gallery.data.user_text}` : 'Client gallery photos'}
      noneChosen="No client gallery selected. Choose Manage on a client gallery to upload and organise its photos."
      toolbar={
        <>
          <FavouritesBar
            favourites={favourites}
            filtered={onlyFavourites}
            onFilter={(on) => {
              setOnlyFavourites(on);
              if (on) setList(null);
            }}
          />
          {ref.id !== null && (
            <SelectionsBar
              galleryId={ref.id}
              selections={selections.data}
              chosen={list}
              onChoose={(id) => {
                setList(id);
                if (id !== null) setOnlyFavourites(false);
              }}
            />
          )}
          {sets.toolbar}
        </>
      }
      only={only}
      table={sets.table}
    />
  );
}
