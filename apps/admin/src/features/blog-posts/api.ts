import { useQuery } from '@tanstack/react-query';
import { blogPostsApi, type BlogPhoto, type BlogPostCreateInput } from '@darkroom/contracts';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const blogPostKeys = {
  all: ['blog-posts'] as const,
  list: () => [...blogPostKeys.all, 'list'] as const,
  detail: (id: number) => [...blogPostKeys.all, 'detail', id] as const,
};

export function useBlogPosts() {
  return useQuery({ queryKey: blogPostKeys.list(), queryFn: ({ signal }) => call(blogPostsApi.list, { signal }) });
}

export function useBlogPost(id: number | null) {
  return useQuery({
    queryKey: blogPostKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(blogPostsApi.get, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

/** What the editor sends: every field (a PATCH sends them all too, so the form is the record). */
export type BlogPostValues = BlogPostCreateInput;

export function useSaveBlogPost() {
  return useInvalidatingMutation(
    blogPostKeys.all,
    ({ id, values }: { id: number | null; values: BlogPostValues }) =>
      id ? call(blogPostsApi.update, { params: { id }, body: { ...values } }) : call(blogPostsApi.create, { body: { ...values } }),
    { refreshOn: 'success' },
  );
}

export function useDeleteBlogPost() {
  return useInvalidatingMutation(blogPostKeys.all, (id: number) => call(blogPostsApi.remove, { params: { id } }), {
    refreshOn: 'success',
  });
}

/** Uploads one photo for a post. */
export function uploadBlogPhoto(id: number, file: File, onProgress?: (percent: number) => void): Promise<BlogPhoto> {
  const form = new FormData();
  form.append('image', file);
  return send(blogPostsApi.addPhoto, { params: { id }, form, onProgress }).promise;
}

/** Removes one of a post's photos (the server refuses one the saved body shows). */
export function removeBlogPhoto(id: number, photo: number): Promise<null> {
  return call(blogPostsApi.removePhoto, { params: { id, photo_id: photo } });
}
