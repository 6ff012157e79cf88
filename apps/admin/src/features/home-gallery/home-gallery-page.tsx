import { PageHeader } from '../../components/page-header';

/** /manage-home-gallery: placeholder until the area's feature work lands. */
export default function HomeGalleryPage() {
  return <PageHeader title="manage-home-gallery" />;
}
