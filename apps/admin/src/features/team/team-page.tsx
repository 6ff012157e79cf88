import { PageHeader } from '../../components/page-header';

/** /the-team: placeholder until the area's feature work lands. */
export default function TeamPage() {
  return <PageHeader title="the-team" />;
}
