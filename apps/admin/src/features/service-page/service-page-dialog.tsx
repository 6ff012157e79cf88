import { SERVICE_PAGE_LIMITS, SERVICE_PAGE_MESSAGES, servicePageFormSchema, type ServicePageContent } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { ImageEntityDialog } from '../../components/image-entity-dialog';
import { useSaveServicePage, type ServicePageWrite } from './api';

const FIELDS = ['name', 'description', 'image'];

export interface ServicePageDialogProps {
  /** The current record; create mode when there is none (or it has no name), as the spec says. */
  content: ServicePageContent | null;
  onClose: () => void;
}

/** The service page's single create/edit dialog: name, description and image. */
export function ServicePageDialog({ content, onClose }: ServicePageDialogProps) {
  const editing = content && content.name ? content : null;
  const save = useSaveServicePage();
  return (
    <ImageEntityDialog<ServicePageWrite>
      title={editing ? 'Update service page' : 'Create service page'}
      submitLabel={editing ? 'Update' : 'Submit'}
      maxWidth="md"
      busyWhileClosing
      schema={servicePageFormSchema<File>(editing ? 'edit' : 'create')}
      defaultValues={{ name: editing?.name ?? '', description: editing?.description ?? '', image: null }}
      fields={[
        { name: 'name', label: 'Name', required: true, autoFocus: true, slotProps: { htmlInput: { maxLength: SERVICE_PAGE_LIMITS.name } } },
        {
          name: 'description',
          label: 'Description',
          multiline: true,
          minRows: 5,
          maxRows: 14,
          slotProps: { htmlInput: { maxLength: SERVICE_PAGE_LIMITS.description } },
        },
      ]}
      images={[
        {
          name: 'image',
          label: 'Service page image',
          currentUrl: editing?.image ?? null,
          helperText: editing ? 'Leave empty to keep the current image.' : undefined,
        },
      ]}
      submit={{
        editing: !!editing,
        onClose,
        fields: FIELDS,
        created: SERVICE_PAGE_MESSAGES.created,
        updated: SERVICE_PAGE_MESSAGES.updated,
        // 409: someone created the page meanwhile; the screen reloads it and the server's message says so.
        failureMessage: { fallback: editing ? SERVICE_PAGE_MESSAGES.updateFailed : SERVICE_PAGE_MESSAGES.createFailed, fields: FIELDS },
        onFailure: (err) => {
          if (err instanceof ApiError && err.status === 409) onClose();
        },
      }}
      save={(values, onProgress) => save.mutateAsync({ id: editing?.id, values, onProgress })}
    />
  );
}
