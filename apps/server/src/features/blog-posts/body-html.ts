import { isSafeHref, type BlogBlock, type BlogDoc, type BlogInline, type BlogMark, type SiteImage } from '@darkroom/contracts';

/**
 * A post's body as HTML, written from an allow-list: each node and mark type the editor's schema
 * knows becomes fixed tags, text is escaped, a link keeps only an http(s) or mailto address, and
 * a photo block draws only the post's own photos. Nothing a client sent is copied as markup, so
 * no script, event attribute or `javascript:` address can come through, whatever was stored.
 */

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const escapeAttr = escapeText;

const MARK_TAGS: Record<Exclude<BlogMark['type'], 'link'>, string> = {
  bold: 'strong',
  italic: 'em',
  strike: 's',
  underline: 'u',
  code: 'code',
};

/** Photos in a grid are drawn at most this wide; a single photo spans the text column. */
const GRID_SIZES = '(min-width: 760px) 340px, 50vw';
const SINGLE_SIZES = '(min-width: 760px) 720px, 100vw';

function img(image: SiteImage, alt: string, sizes: string): string {
  const srcset = image.srcset ? ` srcset="${escapeAttr(image.srcset)}" sizes="${sizes}"` : '';
  const style = image.placeholder ? ` style="background-image:url(${escapeAttr(image.placeholder)})"` : '';
  return `<img class="ph" src="${escapeAttr(image.url)}"${srcset} width="${image.width}" height="${image.height}" alt="${escapeAttr(alt)}" loading="lazy" decoding="async"${style}>`;
}

function inline(nodes: readonly BlogInline[] | undefined): string {
  let out = '';
  for (const node of nodes ?? []) {
    if (node.type === 'hardBreak') {
      out += '<br>';
      continue;
    }
    let html = escapeText(node.text);
    for (const mark of node.marks ?? []) {
      if (mark.type === 'link') {
        const href = mark.attrs.href.trim();
        if (isSafeHref(href)) html = `<a href="${escapeAttr(href)}" rel="noopener">${html}</a>`;
      } else {
        const tag = MARK_TAGS[mark.type];
        if (tag) html = `<${tag}>${html}</${tag}>`;
      }
    }
    out += html;
  }
  return out;
}

function block(node: BlogBlock, photos: ReadonlyMap<number, SiteImage>): string {
  switch (node.type) {
    case 'paragraph':
      return `<p>${inline(node.content)}</p>`;
    case 'heading': {
      const level = node.attrs.level === 3 || node.attrs.level === 4 ? node.attrs.level : 2;
      return `<h${level}>${inline(node.content)}</h${level}>`;
    }
    case 'blockquote':
      return `<blockquote>${blocks(node.content, photos)}</blockquote>`;
    case 'bulletList':
      return `<ul>${node.content.map((item) => `<li>${blocks(item.content, photos)}</li>`).join('')}</ul>`;
    case 'orderedList': {
      const start = node.attrs?.start;
      const attr = typeof start === 'number' && Number.isInteger(start) && start !== 1 ? ` start="${start}"` : '';
      return `<ol${attr}>${node.content.map((item) => `<li>${blocks(item.content, photos)}</li>`).join('')}</ol>`;
    }
    case 'codeBlock':
      return `<pre><code>${inline(node.content)}</code></pre>`;
    case 'horizontalRule':
      return '<hr>';
    case 'photos': {
      const shown = node.attrs.photos.flatMap((p) => {
        const image = photos.get(p.id);
        return image ? [{ image, alt: typeof p.alt === 'string' ? p.alt : '' }] : [];
      });
      if (!shown.length) return '';
      if (shown.length === 1) return `<figure class="post-photo">${img(shown[0]!.image, shown[0]!.alt, SINGLE_SIZES)}</figure>`;
      return `<div class="post-grid">${shown.map((s) => img(s.image, s.alt, GRID_SIZES)).join('')}</div>`;
    }
    default:
      // A type the allow-list does not know draws nothing.
      return '';
  }
}

function blocks(nodes: readonly BlogBlock[], photos: ReadonlyMap<number, SiteImage>): string {
  return nodes.map((n) => block(n, photos)).join('');
}

/** The body's HTML; `photos` are the post's own photos by id (others are left out). */
export function renderBody(doc: BlogDoc, photos: ReadonlyMap<number, SiteImage>): string {
  return blocks(Array.isArray(doc.content) ? doc.content : [], photos);
}

/** The body's words as plain text (for a description when the post has no excerpt). */
export function bodyText(doc: BlogDoc, max = 300): string {
  const parts: string[] = [];
  const walk = (nodes: readonly BlogBlock[]) => {
    for (const n of nodes) {
      if (parts.join(' ').length > max) return;
      if (n.type === 'paragraph' || n.type === 'heading')
        parts.push((n.content ?? []).map((i) => (i.type === 'text' ? i.text : ' ')).join(''));
      else if (n.type === 'blockquote') walk(n.content);
      else if (n.type === 'bulletList' || n.type === 'orderedList') for (const item of n.content) walk(item.content);
    }
  };
  walk(Array.isArray(doc.content) ? doc.content : []);
  return parts.join(' ').replace(/\s+/g, ' ').trim().slice(0, max);
}
