import { mergeAttributes, Node } from '@tiptap/core';

export interface PhotoRef {
  id: number;
  alt: string;
}

export interface PhotosOptions {
  /** The display URL of one of the post's photos (the JSON keeps only ids: the server draws the real block). */
  srcOf: (id: number) => string | undefined;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    photos: {
      /** Inserts a photo block: one photo, or a grid of several. */
      insertPhotos: (photos: PhotoRef[]) => ReturnType;
    };
  }
}

/**
 * The editor's photo block, `{type: 'photos', attrs: {photos: [{id, alt}]}}`, as the contracts'
 * body schema declares it: one photo or a grid, each one of the post's uploads.
 */
export const Photos = Node.create<PhotosOptions>({
  name: 'photos',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addOptions() {
    return { srcOf: () => undefined };
  },

  addAttributes() {
    return {
      photos: {
        default: [],
        parseHTML: (el) => {
          try {
            return JSON.parse(el.getAttribute('data-photos') ?? '[]') as PhotoRef[];
          } catch {
            return [];
          }
        },
        renderHTML: (attrs) => ({ 'data-photos': JSON.stringify(attrs.photos) }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'figure[data-photos]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const photos = node.attrs.photos as PhotoRef[];
    const className = photos.length > 1 ? 'editor-photo-grid' : 'editor-photo';
    return [
      'figure',
      mergeAttributes(HTMLAttributes, { class: className }),
      ...photos.map((p) => ['img', { src: this.options.srcOf(p.id) ?? '', alt: p.alt, 'data-photo-id': String(p.id) }]),
    ];
  },

  addCommands() {
    return {
      // What is selected stays: the block goes in after it. Replacing the selection (ProseMirror's
      // way) dropped a paragraph selected to link it, or chosen by a long press on a phone.
      insertPhotos:
        (photos) =>
        ({ commands, state }) =>
          state.selection.empty
            ? commands.insertContent({ type: this.name, attrs: { photos } })
            : commands.insertContentAt(state.selection.to, { type: this.name, attrs: { photos } }),
    };
  },
});
