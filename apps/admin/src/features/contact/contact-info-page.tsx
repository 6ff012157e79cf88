import { PageHeader } from '../../components/page-header';

/** /Contact-us-info: placeholder until the area's feature work lands. */
export default function ContactInfoPage() {
  return <PageHeader title="Contact-us-info" />;
}
