import { PageHeader } from '../../components/page-header';

/** /Love-stories: placeholder until the area's feature work lands. */
export default function LoveStoriesPage() {
  return <PageHeader title="Love-stories" />;
}
