import { PageHeader } from '../../components/page-header';

/** /Services: placeholder until the area's feature work lands. */
export default function ServicePage() {
  return <PageHeader title="Services" />;
}
