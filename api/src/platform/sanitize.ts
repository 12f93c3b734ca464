import sanitize from 'sanitize-html';
import { isAppPath } from '@oyster/shared-kit/domain';

/**
 * Rich text of news, knowledge articles and lessons: a strict allow-list. Everything else is dropped
 * (script/style with their content, event handlers, styles, classes, iframes, forms). Links keep only
 * http/https/mailto targets and paths of the app (`/news` becomes `/app/news`: the text is always shown
 * inside the app), and always open in a new tab; images only from our /media/ or https.
 */
const ALLOWED_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'a', 'img', 'blockquote', 'br'];
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An http(s) or mailto link, absolute. */
export function isSafeLinkUrl(value: string): boolean {
  const v = value.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(v)) return false;
  try {
    return LINK_PROTOCOLS.has(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** A picture we may show: a file under /media/ (no `..`, no `//`) or an https address (isHttpsUrl). */
export function isSafeImageUrl(value: string): boolean {
  const v = value.trim();
  if (v.startsWith('/media/')) return /^\/media\/[A-Za-z0-9._\/-]+$/.test(v) && !v.includes('..') && !v.includes('//');
  return isHttpsUrl(v);
}

/** A video link, and the outside pictures of isSafeImageUrl: an absolute https address with a host. */
export function isHttpsUrl(value: string): boolean {
  const v = value.trim();
  if (!/^https:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && !!u.hostname;
  } catch {
    return false;
  }
}

/** A link's target in rich text: an absolute safe one as it is, a path of the app under /app. */
function safeHref(v: string): string | null {
  if (isSafeLinkUrl(v)) return v;
  if (!isAppPath(v) || v.startsWith('/media/')) return null;
  return v === '/app' || v.startsWith('/app/') ? v : `/app${v}`;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    // A link without a safe target stays as its text; a safe one opens in a new tab.
    a: (tagName, attribs): sanitize.Tag => {
      const href = attribs.href ? safeHref(attribs.href.trim()) : null;
      return href
        ? { tagName, attribs: { href, target: '_blank', rel: 'noopener' } }
        : { tagName: 'span', attribs: {} };
    },
    img: (tagName, attribs) => {
      const src = attribs.src && isSafeImageUrl(attribs.src) ? attribs.src.trim() : '';
      const out: Record<string, string> = { src };
      if (attribs.alt) out.alt = attribs.alt;
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    // Headings above h3 become h2/h3 rather than vanishing (pasted documents often use h1/h4).
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
  },
  // Images without an acceptable source are removed; the span left by a bad link is unwrapped below.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeHtml(html: string): string {
  // Unwrap the spans that stand for dropped links (span is not in the allow-list of the second pass).
  const first = sanitize(html, { ...OPTIONS, allowedTags: [...ALLOWED_TAGS, 'span'] });
  return sanitize(first, { ...OPTIONS, transformTags: {} }).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Plain text of sanitized HTML (for search and summaries). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h2|\/h3|\/li|\/blockquote)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#?\w+);/g, (m, e: string) => ENTITIES[e] ?? (e.startsWith('#') ? String.fromCodePoint(Number(e.startsWith('#x') ? '0' + e.slice(1) : e.slice(1)) || 32) : m))
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}
