import { PageHeader } from '../../components/page-header';

/** /Home: placeholder until the area's feature work lands. */
export default function HomePage() {
  return <PageHeader title="Home" />;
}
