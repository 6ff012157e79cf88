import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SERVICE_MESSAGES, type Service } from '@darkroom/contracts';
import { CardGrid, EntityCard } from '../../components/card-grid';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { openGalleryViewer } from '../../components/gallery';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { failureText, useDeleteService, usePublishService, useServices } from './api';
import { ServiceFormDialog } from './service-form-dialog';
import { ServiceGalleryDialog } from './service-gallery-dialog';

type Editing = { service: Service | null } | null;

/** /portfolio: the services as cards (12/4/3 columns at xs/sm/md) with their gallery, edit, delete and publish controls. */
export default function ServicesPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const services = useServices();
  const publish = usePublishService();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const [managing, setManaging] = useState<Service | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(SERVICE_MESSAGES.deleted, 'success');
    } catch (err) {
      notify(failureText(err, SERVICE_MESSAGES.deleteFailed), 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Manage portfolio"
        subtitle="The services shown on the website, each with its cover image and photo gallery."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ service: null })}>
            {SERVICE_MESSAGES.addTitle}
          </Button>
        }
      />
      <CardGrid
        items={services.data}
        loading={services.isLoading}
        error={services.error}
        emptyText="No services yet. Add the first one to start your portfolio."
        columns={{ xs: 12, sm: 4, md: 3 }}
        getKey={(s) => s.id}
        renderCard={(s) => (
          <EntityCard
            image={{ url: s.cover_image, srcset: s.cover_image_view.srcset, placeholder: s.cover_image_view.placeholder ?? undefined }}
            title={s.name}
            extra={
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {s.description}
              </Typography>
            }
            onImageClick={() => openGalleryViewer(navigate, { type: 'service', id: s.id, title: s.name })}
            onEdit={() => setEditing({ service: s })}
            onDelete={() => setDeleting(s)}
            onManage={() => setManaging(s)}
            publish={{ label: 'Service', published: s.status, onChange: (status) => publish.mutateAsync({ id: s.id, status }) }}
          />
        )}
      />
      {editing && <ServiceFormDialog key={editing.service?.id ?? 'new'} service={editing.service} onClose={() => setEditing(null)} />}
      {managing && <ServiceGalleryDialog service={managing} onClose={() => setManaging(null)} />}
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `${deleting.name} and all of its gallery photos will be removed.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
