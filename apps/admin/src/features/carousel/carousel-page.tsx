import { PageHeader } from '../../components/page-header';

/** /manage-carousel-images: placeholder until the area's feature work lands. */
export default function CarouselPage() {
  return <PageHeader title="manage-carousel-images" />;
}
