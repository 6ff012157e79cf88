import { PageHeader } from '../../components/page-header';

/** /portfolio: placeholder until the area's feature work lands. */
export default function ServicesPage() {
  return <PageHeader title="portfolio" />;
}
