import { PageHeader } from '../../components/page-header';

/** /dashboard: placeholder until the area's feature work lands. */
export default function DashboardPage() {
  return <PageHeader title="dashboard" />;
}
