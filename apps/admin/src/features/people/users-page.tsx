import { PeoplePage } from './people-page';

/** /Manage-users: the studio's customers. */
export default function UsersPage() {
  return <PeoplePage kind="user" />;
}
