import { PageHeader } from '../../components/page-header';

/** /Manage-users: placeholder until the area's feature work lands. */
export default function UsersPage() {
  return <PageHeader title="Manage-users" />;
}
