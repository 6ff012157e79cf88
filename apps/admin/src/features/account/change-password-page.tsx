import { PageHeader } from '../../components/page-header';

/** /Change-password: placeholder until the area's feature work lands. */
export default function ChangePasswordPage() {
  return <PageHeader title="Change-password" />;
}
