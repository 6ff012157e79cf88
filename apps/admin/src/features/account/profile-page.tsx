import { PageHeader } from '../../components/page-header';

/** /UserProfile: placeholder until the area's feature work lands. */
export default function ProfilePage() {
  return <PageHeader title="UserProfile" />;
}
