import { HOME_GALLERY_MESSAGES, homeGalleryFormSchema, type HomeGalleryImage } from '@darkroom/contracts';
import { ImageEntityDialog } from '../../components/image-entity-dialog';
import { useCreateHomeGalleryImage, useReplaceHomeGalleryImage } from './api';

const FIELDS = ['name', 'cover_image'];
const schema = homeGalleryFormSchema<File>();

export interface HomeGalleryDialogProps {
  /** The image being replaced; absent when uploading a new one. */
  item?: HomeGalleryImage;
  onClose: () => void;
}

/** Upload a home gallery image, or replace one; its name comes from the file name. */
export function HomeGalleryDialog({ item, onClose }: HomeGalleryDialogProps) {
  const create = useCreateHomeGalleryImage();
  const replace = useReplaceHomeGalleryImage();
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
      // The schema requires the file.
      save={({ cover_image }, onProgress) => {
        const file = cover_image!;
        return item ? replace.mutateAsync({ id: item.id, file, onProgress }) : create.mutateAsync({ file, onProgress });
      }}
    />
  );
}
