import { PageHeader } from '../../components/page-header';

/** /Client-gallery: placeholder until the area's feature work lands. */
export default function ClientGalleriesPage() {
  return <PageHeader title="Client-gallery" />;
}
