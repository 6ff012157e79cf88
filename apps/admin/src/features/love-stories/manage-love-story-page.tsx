import { PageHeader } from '../../components/page-header';

/** /ManageLoveStory: placeholder until the area's feature work lands. */
export default function ManageLoveStoryPage() {
  return <PageHeader title="ManageLoveStory" />;
}
