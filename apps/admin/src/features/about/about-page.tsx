import { PageHeader } from '../../components/page-header';

/** /About: placeholder until the area's feature work lands. */
export default function AboutPage() {
  return <PageHeader title="About" />;
}
