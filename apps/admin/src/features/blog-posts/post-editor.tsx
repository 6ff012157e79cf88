import { useMemo, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Paper,
  Radio,
  Stack,
  TextField,
  ToggleButton,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  BLOG_LIMITS,
  BLOG_MESSAGES,
  EMPTY_BLOG_BODY,
  IMAGE_ACCEPT,
  blogPhotoInBodyMessage,
  photoIdsOf,
  slugify,
  type BlogDoc,
  type BlogPhoto,
  type BlogPost,
  type BlogStatus,
} from '@darkroom/contracts';
import { failureMessage, fieldErrorsOf } from '../../api/failure';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { useNotify } from '../../components/notify';
import { removeBlogPhoto, uploadBlogPhoto, useBlogPost, useDeleteBlogPost, useSaveBlogPost, type BlogPostValues } from './api';
import { Photos } from './photos-node';

interface Props {
  /** The post to edit, or null for a new one. */
  id: number | null;
  /** Opens another post, a new one, or the list (null). */
  onOpen: (id: number | 'new' | null) => void;
}

interface FormState {
  title: string;
  slug: string;
  /** The slug follows the title until the admin types one. */
  slugTouched: boolean;
  excerpt: string;
  tags: string;
  seo_title: string;
  seo_description: string;
  status: BlogStatus;
  /** `datetime-local` text, in the browser's time. */
  publish_at: string;
  cover_image: number | null;
}

const EMPTY: FormState = {
  title: '',
  slug: '',
  slugTouched: false,
  excerpt: '',
  tags: '',
  seo_title: '',
  seo_description: '',
  status: 'draft',
  publish_at: '',
  cover_image: null,
};

const pad = (n: number) => String(n).padStart(2, '0');
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formOf(post: BlogPost): FormState {
  return {
    title: post.title,
    slug: post.slug,
    slugTouched: post.slug !== slugify(post.title),
    excerpt: post.excerpt,
    tags: post.tags.join(', '),
    seo_title: post.seo_title,
    seo_description: post.seo_description,
    status: post.status,
    publish_at: toLocalInput(post.publish_at),
    cover_image: post.cover_image,
  };
}

const FIELD_ORDER = ['title', 'slug', 'body', 'publish_at', 'cover_image', 'tags', 'excerpt', 'seo_title', 'seo_description', 'status'];

/** /Blog?post=<id>: a post's fields, its body in TipTap, its photos, and publishing. */
export default function PostEditor({ id, onOpen }: Props) {
  const loaded = useBlogPost(id);
  if (id && !loaded.data) {
    if (loaded.error) return <Alert severity="error">The post could not be loaded.</Alert>;
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading the post" />
      </Box>
    );
  }
  return <EditorForm post={loaded.data ?? null} onOpen={onOpen} />;
}

function EditorForm({ post, onOpen }: { post: BlogPost | null; onOpen: Props['onOpen'] }) {
  const notify = useNotify();
  const save = useSaveBlogPost();
  const remove = useDeleteBlogPost();
  const [postId, setPostId] = useState<number | null>(post?.id ?? null);
  const [saved, setSaved] = useState<BlogPost | null>(post);
  const [form, setForm] = useState<FormState>(post ? formOf(post) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [photos, setPhotos] = useState<BlogPhoto[]>(post?.photos ?? []);
  const [selected, setSelected] = useState<number[]>([]);
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** The photo being removed (its id and its place in the list), awaiting confirmation. */
  const [removing, setRemoving] = useState<{ id: number; position: number; inBody: boolean } | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  // The editor draws photo blocks from this map; filled as photos arrive (it never changes identity).
  const [photoUrls] = useState(() => new Map((post?.photos ?? []).map((p) => [p.id, p.image.url])));

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { rel: null, target: null } },
      }),
      Photos.configure({ srcOf: (photo) => photoUrls.get(photo) }),
    ],
    content: (post?.body as BlogDoc | undefined) ?? EMPTY_BLOG_BODY,
    editorProps: {
      attributes: { 'aria-label': 'Body', 'aria-multiline': 'true', role: 'textbox', class: 'post-body-editor' },
    },
    immediatelyRender: true,
  });

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setTitle = (title: string) => setForm((f) => ({ ...f, title, slug: f.slugTouched ? f.slug : slugify(title) }));
  const error = (field: string) => errors[field]?.[0];

  const values = (): BlogPostValues => ({
    title: form.title.trim(),
    slug: form.slug.trim(),
    excerpt: form.excerpt,
    body: (editor?.getJSON() as BlogDoc | undefined) ?? EMPTY_BLOG_BODY,
    cover_image: form.cover_image,
    tags: form.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    seo_title: form.seo_title,
    seo_description: form.seo_description,
    status: form.status,
    publish_at: form.publish_at ? new Date(form.publish_at).toISOString() : null,
  });

  /** Saves the form; returns the post's id, or null when the server refused it. */
  const submit = async (): Promise<number | null> => {
    if (!form.title.trim()) {
      setErrors({ title: [BLOG_MESSAGES.titleRequired] });
      return null;
    }
    try {
      const result = await save.mutateAsync({ id: postId, values: values() });
      setErrors({});
      setSaved(result);
      setForm((f) => ({ ...f, slug: result.slug, status: result.status, publish_at: toLocalInput(result.publish_at) }));
      notify(postId ? BLOG_MESSAGES.updated : BLOG_MESSAGES.created, 'success');
      if (!postId) setPostId(result.id);
      return result.id;
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      notify(failureMessage(err, { fallback: 'Post could not be saved', fields: FIELD_ORDER }), 'error');
      return null;
    }
  };

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return;
    const list = [...files];
    // A new post is saved as it stands (a draft) first: photos belong to a post.
    const target = postId ?? (await submit());
    if (!target) return;
    setUploading(list.length);
    for (const file of list) {
      try {
        const photo = await uploadBlogPhoto(target, file);
        photoUrls.set(photo.id, photo.image.url);
        setPhotos((p) => [...p, photo]);
        setSelected((s) => [...s, photo.id]);
        notify(BLOG_MESSAGES.photoAdded, 'success');
      } catch (err) {
        notify(failureMessage(err, { fallback: `${file.name} could not be uploaded`, fields: ['image'] }), 'error');
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const insertSelected = () => {
    if (!editor || !selected.length) return;
    editor
      .chain()
      .focus()
      .insertPhotos(selected.map((photo) => ({ id: photo, alt: alt.trim() })))
      .run();
    setSelected([]);
    setAlt('');
  };

  // A photo the body shows (as edited now) cannot go: the dialog names it and says what to do.
  const askRemove = (id: number, position: number) =>
    setRemoving({ id, position, inBody: !!editor && photoIdsOf(editor.getJSON() as BlogDoc).includes(id) });

  const onRemovePhoto = async () => {
    if (!removing || !postId) return;
    setRemoveBusy(true);
    try {
      await removeBlogPhoto(postId, removing.id);
      photoUrls.delete(removing.id);
      setPhotos((list) => list.filter((p) => p.id !== removing.id));
      setSelected((list) => list.filter((x) => x !== removing.id));
      setForm((f) => (f.cover_image === removing.id ? { ...f, cover_image: null } : f));
      notify(BLOG_MESSAGES.photoRemoved, 'success');
    } catch (err) {
      // The saved body may still show it (its block was taken out but not saved): the server says so.
      notify(failureMessage(err, { fallback: `Photo ${removing.position} could not be removed` }), 'error');
    } finally {
      setRemoveBusy(false);
      setRemoving(null);
    }
  };

  const onDelete = async () => {
    if (!postId) return;
    try {
      await remove.mutateAsync(postId);
      notify(BLOG_MESSAGES.deleted, 'success');
      onOpen(null);
    } catch (err) {
      notify(failureMessage(err, { fallback: 'Post deletion failed' }), 'error');
      setConfirmDelete(false);
    }
  };

  const busy = save.isPending || uploading > 0;
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <PageHeader
        title={postId ? 'Edit post' : 'New post'}
        subtitle={saved?.live ? 'On the website now.' : saved?.status === 'scheduled' ? 'Scheduled.' : 'Not on the website yet.'}
        actions={
          <>
            <Button startIcon={<ArrowBackIcon />} onClick={() => onOpen(null)}>
              All posts
            </Button>
            {saved?.live && (
              <Button href={saved.path} target="_blank" rel="noopener">
                View on site
              </Button>
            )}
            {postId && (
              <Button color="error" onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            )}
            <Button type="submit" variant="contained" disabled={busy}>
              Save
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(280px, 1fr)' } }}>
        <Stack spacing={2}>
          <TextField
            label="Title"
            required
            value={form.title}
            onChange={(e) => setTitle(e.target.value)}
            error={!!error('title')}
            helperText={error('title')}
            slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.title } }}
          />
          <TextField
            label="Slug"
            value={form.slug}
            onChange={(e) => setForm((f) => ({ ...f, slug: e.target.value, slugTouched: true }))}
            error={!!error('slug')}
            helperText={error('slug') ?? `The address: /journal/${postId ?? '<id>'}-${form.slug || slugify(form.title) || 'post'}/`}
            slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.slug } }}
          />
          <TextField
            label="Excerpt"
            multiline
            minRows={2}
            value={form.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
            error={!!error('excerpt')}
            helperText={error('excerpt') ?? 'Shown in the journal list and the feed.'}
            slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.excerpt } }}
          />
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Body
            </Typography>
            {editor && <Toolbar editor={editor} />}
            <Box
              sx={{
                border: 1,
                borderColor: error('body') ? 'error.main' : 'divider',
                borderRadius: 1,
                px: 2,
                '& .post-body-editor': { minHeight: 280, outline: 'none', py: 1 },
                '& img': { maxWidth: '100%', height: 'auto', display: 'block' },
                '& .editor-photo-grid': { display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: '6px', m: '1em 0' },
                '& .editor-photo': { m: '1em 0' },
                '& .ProseMirror-selectednode': { outline: '3px solid', outlineColor: 'primary.main' },
              }}
            >
              <EditorContent editor={editor} />
            </Box>
            {error('body') && (
              <Typography color="error" variant="body2" role="alert" sx={{ mt: 0.5 }}>
                {error('body')}
              </Typography>
            )}
          </Box>
        </Stack>
        <Stack spacing={2}>
          <Section title="Publishing">
            <TextField select label="Status" value={form.status} onChange={(e) => set('status', e.target.value as BlogStatus)} fullWidth>
              <MenuItem value="draft">Draft</MenuItem>
              <MenuItem value="published">Published</MenuItem>
              <MenuItem value="scheduled">Scheduled</MenuItem>
            </TextField>
            {form.status !== 'draft' && (
              <TextField
                label={form.status === 'scheduled' ? 'Publish at' : 'Publish date'}
                type="datetime-local"
                value={form.publish_at}
                onChange={(e) => set('publish_at', e.target.value)}
                error={!!error('publish_at')}
                helperText={error('publish_at') ?? (form.status === 'published' ? 'Empty: now.' : 'Published by the server at this time.')}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          </Section>
          <Section title="Photos">
            <Button component="label" variant="outlined" disabled={busy}>
              {uploading ? `Uploading ${uploading}…` : 'Add photos'}
              <input
                hidden
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                aria-label="Add photos"
                onChange={(e) => {
                  void addPhotos(e.target.files);
                  e.target.value = '';
                }}
              />
            </Button>
            {error('cover_image') && (
              <Typography color="error" variant="body2">
                {error('cover_image')}
              </Typography>
            )}
            {photos.length > 0 && (
              <>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}>
                  {photos.map((p, i) => (
                    <Box component="li" key={p.id}>
                      <Box
                        component="img"
                        src={p.image.url}
                        alt={`Photo ${i + 1}`}
                        sx={{ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover', display: 'block' }}
                      />
                      <FormControlLabel
                        control={
                          <Checkbox
                            size="small"
                            checked={selected.includes(p.id)}
                            onChange={(e) => setSelected((s) => (e.target.checked ? [...s, p.id] : s.filter((x) => x !== p.id)))}
                          />
                        }
                        label={`Select photo ${i + 1}`}
                      />
                      <FormControlLabel
                        control={<Radio size="small" checked={form.cover_image === p.id} onChange={() => set('cover_image', p.id)} />}
                        label="Cover"
                      />
                      <Button size="small" color="error" aria-label={`Remove photo ${i + 1}`} onClick={() => askRemove(p.id, i + 1)}>
                        Remove
                      </Button>
                    </Box>
                  ))}
                </Box>
                <TextField label="Alt text of the inserted photos" size="small" value={alt} onChange={(e) => setAlt(e.target.value)} />
                <Button variant="outlined" onClick={insertSelected} disabled={!selected.length}>
                  {selected.length > 1 ? `Insert a grid of ${selected.length} photos` : 'Insert photo'}
                </Button>
                {form.cover_image && (
                  <Button size="small" onClick={() => set('cover_image', null)}>
                    No cover
                  </Button>
                )}
              </>
            )}
          </Section>
          <Section title="Tags and search">
            <TextField
              label="Tags"
              value={form.tags}
              onChange={(e) => set('tags', e.target.value)}
              error={!!error('tags')}
              helperText={error('tags') ?? 'Separated by commas, e.g. Weddings, Lake Como'}
              fullWidth
            />
            <TextField
              label="SEO title"
              value={form.seo_title}
              onChange={(e) => set('seo_title', e.target.value)}
              error={!!error('seo_title')}
              helperText={error('seo_title') ?? `${form.seo_title.length}/${BLOG_LIMITS.seoTitle}; empty: the title`}
              fullWidth
              slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.seoTitle } }}
            />
            <TextField
              label="SEO description"
              multiline
              minRows={2}
              value={form.seo_description}
              onChange={(e) => set('seo_description', e.target.value)}
              error={!!error('seo_description')}
              helperText={error('seo_description') ?? `${form.seo_description.length}/${BLOG_LIMITS.seoDescription}; empty: the excerpt`}
              fullWidth
              slotProps={{ htmlInput: { maxLength: BLOG_LIMITS.seoDescription } }}
            />
          </Section>
        </Stack>
      </Box>
      <DeleteConfirmDialog
        open={!!removing}
        busy={removeBusy}
        blocked={removing?.inBody}
        detail={
          removing
            ? removing.inBody
              ? blogPhotoInBodyMessage(removing.position)
              : `Photo ${removing.position} will be removed from this post.`
            : undefined
        }
        onConfirm={onRemovePhoto}
        onClose={() => setRemoving(null)}
      />
      <DeleteConfirmDialog
        open={confirmDelete}
        busy={remove.isPending}
        detail={BLOG_MESSAGES.deleteConfirm}
        onConfirm={onDelete}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

/** The formatting buttons: each names its action and says whether it is on. */
function Toolbar({ editor }: { editor: Editor }) {
  const [href, setHref] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const buttons = useMemo(
    () =>
      [
        { key: 'bold', label: 'Bold', text: 'B', run: () => editor.chain().focus().toggleBold().run() },
        { key: 'italic', label: 'Italic', text: 'I', run: () => editor.chain().focus().toggleItalic().run() },
        { key: 'h2', label: 'Heading', text: 'H2', run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
        { key: 'h3', label: 'Subheading', text: 'H3', run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
        { key: 'bullet', label: 'Bulleted list', text: '• List', run: () => editor.chain().focus().toggleBulletList().run() },
        { key: 'ordered', label: 'Numbered list', text: '1. List', run: () => editor.chain().focus().toggleOrderedList().run() },
        { key: 'quote', label: 'Quote', text: '“ ”', run: () => editor.chain().focus().toggleBlockquote().run() },
      ] as const,
    [editor],
  );
  const setLink = () => {
    const value = href.trim();
    if (!value) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (/^(https?:\/\/|mailto:)/i.test(value)) editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run();
    setHref('');
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1, alignItems: 'center' }} role="toolbar" aria-label="Formatting">
      {buttons.map((b) => (
        <ToggleButton
          key={b.key}
          value={b.key}
          size="small"
          selected={state[b.key]}
          aria-label={b.label}
          onChange={b.run}
          sx={{ minWidth: 40 }}
        >
          {b.text}
        </ToggleButton>
      ))}
      <TextField
        size="small"
        label="Link address"
        value={href}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            setLink();
          }
        }}
        sx={{ minWidth: 200, flex: '1 1 200px' }}
      />
      <Button size="small" onClick={setLink}>
        {href.trim() || !state.link ? 'Set link' : 'Remove link'}
      </Button>
    </Box>
  );
}
