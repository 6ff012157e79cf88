import { PageHeader } from '../../components/page-header';

/** /ManageCategory: placeholder until the area's feature work lands. */
export default function ManageServiceGalleryPage() {
  return <PageHeader title="ManageCategory" />;
}
