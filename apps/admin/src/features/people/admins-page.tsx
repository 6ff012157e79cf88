import { PeoplePage } from './people-page';

/** /Manage-admins: the people who can sign in to the portal. */
export default function AdminsPage() {
  return <PeoplePage kind="admin" />;
}
