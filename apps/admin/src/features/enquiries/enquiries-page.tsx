import { PageHeader } from '../../components/page-header';

/** /User-enquiries: placeholder until the area's feature work lands. */
export default function EnquiriesPage() {
  return <PageHeader title="User-enquiries" />;
}
