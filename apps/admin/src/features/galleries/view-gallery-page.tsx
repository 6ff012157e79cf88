import { PageHeader } from '../../components/page-header';

/** /view-gallery: placeholder until the area's feature work lands. */
export default function ViewGalleryPage() {
  return <PageHeader title="view-gallery" />;
}
