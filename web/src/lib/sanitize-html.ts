import DOMPurify from 'dompurify';

/**
 * What article HTML may contain: text formatting, headings, lists, links,
 * images, quotes, code and tables. No scripts, styles, forms, frames, SVG or
 * MathML, no event handlers, and only the URL schemes DOMPurify trusts
 * (http, https, mailto, tel, relative). The database refuses the rest
 * (private.blog_html_is_unsafe), so cleaned HTML always saves.
 */
const CONFIG = {
  ALLOWED_TAGS: [
    'a',
    'abbr',
    'b',
    'blockquote',
    'br',
    'caption',
    'cite',
    'code',
    'del',
    'div',
    'em',
    'figcaption',
    'figure',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'i',
    'img',
    'ins',
    'kbd',
    'li',
    'mark',
    'ol',
    'p',
    'pre',
    'q',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: [
    'href',
    'title',
    'src',
    'alt',
    'width',
    'height',
    'class',
    'colspan',
    'rowspan',
    'loading',
  ],
  ALLOW_DATA_ATTR: false,
};

/** Images the database accepts inline: raster types only (no SVG). */
const RASTER_DATA_URL = /^data:image\/(png|gif|jpe?g|webp|avif|bmp)[;,]/i;

// DOMPurify keeps any data: URL on <img src>; the database refuses all but
// raster images, so the two agree on what saves.
DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  // Browsers drop whitespace and control characters inside a scheme.
  const value = [...data.attrValue]
    .filter((c) => c.charCodeAt(0) > 32)
    .join('');
  if (/^data:/i.test(value) && !RASTER_DATA_URL.test(value)) {
    data.keepAttr = false;
  }
});

/** Article HTML with everything that could run script removed. */
export function sanitizeArticleHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}

/**
 * Article HTML cleaned as on save, with what was removed described for the
 * admin (`<script>`, `onclick on <p>`, …), each once, in document order.
 */
export function sanitizeArticleHtmlWithReport(html: string): {
  html: string;
  removed: string[];
} {
  const clean = DOMPurify.sanitize(html, CONFIG);
  const removed = new Set<string>();
  for (const item of DOMPurify.removed) {
    if ('attribute' in item && item.attribute) {
      const on = item.from.nodeName.toLowerCase();
      removed.add(`${item.attribute.name} on <${on}>`);
    } else if ('element' in item) {
      const name = item.element.nodeName.toLowerCase();
      // Text, comments and the parser's own wrapper are not elements the
      // admin wrote.
      if (!name.startsWith('#') && !['html', 'head', 'body'].includes(name)) {
        removed.add(`<${name}>`);
      }
    }
  }
  return { html: clean, removed: [...removed] };
}
