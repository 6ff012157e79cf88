import { PageHeader } from '../../components/page-header';

/** /ClientGalleries: placeholder until the area's feature work lands. */
export default function ClientPhotosPage() {
  return <PageHeader title="ClientGalleries" />;
}
