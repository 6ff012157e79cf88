import { PageHeader } from '../../components/page-header';

/** /manage-page-images: placeholder until the area's feature work lands. */
export default function PageImagesPage() {
  return <PageHeader title="manage-page-images" />;
}
