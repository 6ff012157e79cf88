import { PageHeader } from '../../components/page-header';

/** /Gallery-links: placeholder until the area's feature work lands. */
export default function GalleryLinksPage() {
  return <PageHeader title="Gallery-links" />;
}
