import { HOME_GALLERY_MESSAGES, homeGalleryFormSchema, type HomeGalleryImage } from '@darkroom/contracts';
import { ImageEntityDialog } from '../../components/image-entity-dialog';
import { useSaveHomeGalleryImage } from './api';

const FIELDS = ['name', 'cover_image'];
const schema = homeGalleryFormSchema<File>();

export interface HomeGalleryDialogProps {
  /** The image being replaced; absent when uploading a new one. */
  item?: HomeGalleryImage;
  onClose: () => void;
}

/** Upload a home gallery image, or replace one; its name comes from the file name. */
export function HomeGalleryDialog({ item, onClose }: HomeGalleryDialogProps) {
  const save = useSaveHomeGalleryImage();
  return (
    <ImageEntityDialog<{ cover_image: File | null }>
      title={item ? 'Update gallery image' : 'Upload gallery image'}
      submitLabel={item ? 'Update' : 'Submit'}
      schema={schema}
      defaultValues={{ cover_image: null }}
      images={[
        {
          name: 'cover_image',
          validateOnChange: 'if-invalid',
          label: 'Gallery image',
          currentUrl: item?.cover_image,
          helperText: item ? `Replaces '${item.name}'; the new file's name is used` : 'The file name becomes the image name',
        },
      ]}
      submit={{
        editing: !!item,
        onClose,
        fields: ['cover_image'],
        created: HOME_GALLERY_MESSAGES.created,
        updated: HOME_GALLERY_MESSAGES.updated,
        failureMessage: {
          fallback: item ? HOME_GALLERY_MESSAGES.updateFailed : HOME_GALLERY_MESSAGES.createFailed,
          fields: FIELDS,
          serverFault: 'generic',
        },
      }}
      // The schema requires the file; a new image is named after its file (spec).
      save={({ cover_image }, onProgress) =>
        save.mutateAsync({ id: item?.id, values: { name: item ? undefined : cover_image!.name, cover_image: cover_image! }, onProgress })
      }
    />
  );
}
