import { PageHeader } from '../../components/page-header';

/** /Manage-emails: placeholder until the area's feature work lands. */
export default function EmailsPage() {
  return <PageHeader title="Manage-emails" />;
}
