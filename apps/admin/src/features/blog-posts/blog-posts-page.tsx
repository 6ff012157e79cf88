import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Button, Chip, CircularProgress } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BLOG_MESSAGES, type BlogPost } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useBlogPosts, useDeleteBlogPost } from './api';

/** The editor (TipTap) is fetched when a post is opened, never with the list. */
const PostEditor = lazy(() => import('./post-editor'));

type Row = Omit<BlogPost, 'body' | 'photos'>;

const STATUS_LABEL = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' } as const;

/** /Blog: the journal's posts, and the editor of one (`?post=<id>` or `?post=new`). */
export default function BlogPostsPage() {
  const [params, setParams] = useSearchParams();
  const open = params.get('post');
  const posts = useBlogPosts();
  const remove = useDeleteBlogPost();
  const deletion = useDeleteConfirm<Row>({
    remove: (r) => remove.mutateAsync(r.id),
    deleted: BLOG_MESSAGES.deleted,
    failed: 'Post deletion failed',
    detail: (r) => `${r.title}. ${BLOG_MESSAGES.deleteConfirm}`,
  });
  const edit = (id: number | 'new' | null) => setParams(id === null ? {} : { post: String(id) });

  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { field: 'title', headerName: 'Title', flex: 2, text: (r) => r.title },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        keepWhole: true,
        text: (r) => STATUS_LABEL[r.status],
        render: (r) => (
          <Chip
            size="small"
            label={r.status === 'scheduled' && r.live ? 'Published' : STATUS_LABEL[r.status]}
            color={r.live ? 'success' : r.status === 'scheduled' ? 'info' : 'default'}
          />
        ),
      },
      {
        field: 'publish_at',
        headerName: 'Publish date',
        flex: 1,
        keepWhole: true,
        text: (r) => (r.publish_at ? formatDateTime(r.publish_at) : ''),
      },
      { field: 'tags', headerName: 'Tags', flex: 1, text: (r) => r.tags.join(', ') },
    ],
    [],
  );

  if (open !== null) {
    const id = open === 'new' ? null : Number(open);
    return (
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading the editor" />
          </Box>
        }
      >
        <PostEditor key={open} id={id && Number.isInteger(id) ? id : null} onOpen={edit} />
      </Suspense>
    );
  }

  return (
    <>
      <PageHeader
        title="Blog"
        subtitle="The journal on the website: real weddings, venues and stories."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => edit('new')}>
            New post
          </Button>
        }
      />
      <DataTable
        label="Posts"
        rows={posts.data}
        loading={posts.isLoading}
        error={posts.error}
        columns={columns}
        getRowId={(r) => r.id}
        onOpen={(r) => edit(r.id)}
        actionsWidth={100}
        actions={(r) => (
          <>
            <RowAction kind="edit" label={`Edit ${r.title}`} onClick={() => edit(r.id)} />
            <RowAction kind="delete" label={`Delete ${r.title}`} onClick={() => deletion.ask(r)} />
          </>
        )}
      />
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
