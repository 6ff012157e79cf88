import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { Box, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { SERVICE_MESSAGES, type Service } from '@darkroom/contracts';
import { CrudCardPage } from '../../components/crud-card-page';
import { openGalleryViewer } from '../../components/gallery/open-gallery-viewer';
import { Pager, SearchField, usePagedSearch } from '../../components/paged-search';
import { ReorderButton } from '../../components/reorder/reorder-button';
import { SERVICE_FIELD_ORDER, useDeleteService, useOrderServices, usePublishService, useServices } from './api';
import { SERVICE_COLUMNS, SERVICES_PER_PAGE } from './queries';

const serviceText = (s: Service) => `${s.name} ${s.description}`;

// The editor (forms, image cropper) and the gallery table load when first opened.
const ServiceFormDialog = lazy(() => import('./service-form-dialog').then((m) => ({ default: m.ServiceFormDialog })));
const ServiceGalleryDialog = lazy(() => import('./service-gallery-dialog').then((m) => ({ default: m.ServiceGalleryDialog })));

const toReorderItem = (s: Service) => ({ id: s.id, label: s.name, image: s.cover_image_view.square ?? s.cover_image_view.url });

/** /portfolio: the services as cards (12/4/3 columns at xs/sm/md) with their gallery, edit, delete and publish controls. */
export default function ServicesPage() {
  const navigate = useNavigate();
  const services = useServices();
  const publish = usePublishService();
  const remove = useDeleteService();
  const order = useOrderServices();
  const [managing, setManaging] = useState<Service | null>(null);
  const search = usePagedSearch(services.data, serviceText, SERVICES_PER_PAGE);
  const total = services.data?.length ?? 0;

  return (
    <CrudCardPage<Service>
      title="Manage portfolio"
      subtitle="The services shown on the website, each with its cover image and photo gallery."
      addLabel={SERVICE_MESSAGES.addTitle}
      addIcon={<AddIcon />}
      // Ordering works on every service at once (one compact list), whatever page or search is shown.
      headerActions={
        <ReorderButton
          what="services"
          items={services.data?.map(toReorderItem)}
          reload={async () => (await services.refetch()).data?.map(toReorderItem)}
          save={order.mutateAsync}
        />
      }
      items={search.pageItems}
      loading={services.isLoading}
      error={services.error}
      emptyText={
        search.query && total ? `No services match “${search.query}”.` : 'No services yet. Add the first one to start your portfolio.'
      }
      toolbar={
        total > 0 && (
          <Box sx={{ mb: 3 }}>
            <SearchField label="Search services" search={search} />
          </Box>
        )
      }
      footer={
        total > 0 && (
          <Pager label="Pages of services" search={search}>
            {search.query ? `${search.matching} of ${total} services` : `${total} ${total === 1 ? 'service' : 'services'}`}
          </Pager>
        )
      }
      columns={SERVICE_COLUMNS}
      card={(s) => ({
        image: { url: s.cover_image, srcset: s.cover_image_view.srcset, placeholder: s.cover_image_view.placeholder ?? undefined },
        title: s.name,
        extra: (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {s.description}
          </Typography>
        ),
        onImageClick: () => openGalleryViewer(navigate, { type: 'service', id: s.id, title: s.name }),
        onManage: () => setManaging(s),
      })}
      publish={{ label: 'Service', onChange: (s, status) => publish.mutateAsync({ id: s.id, status }) }}
      remove={{
        remove: (s) => remove.mutateAsync(s.id),
        deleted: SERVICE_MESSAGES.deleted,
        failed: { fallback: SERVICE_MESSAGES.deleteFailed, fields: SERVICE_FIELD_ORDER, serverFault: 'generic' },
        detail: (s) => `${s.name} and all of its gallery photos will be removed.`,
      }}
      renderEditor={(service, onClose) => <ServiceFormDialog service={service} onClose={onClose} />}
    >
      {managing && <ServiceGalleryDialog service={managing} onClose={() => setManaging(null)} />}
    </CrudCardPage>
  );
}
