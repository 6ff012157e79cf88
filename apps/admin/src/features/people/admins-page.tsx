import { PageHeader } from '../../components/page-header';

/** /Manage-admins: placeholder until the area's feature work lands. */
export default function AdminsPage() {
  return <PageHeader title="Manage-admins" />;
}
