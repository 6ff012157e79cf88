import { PageHeader } from '../../components/page-header';

/** /Contact-us: placeholder until the area's feature work lands. */
export default function ContactUsPage() {
  return <PageHeader title="Contact-us" />;
}
