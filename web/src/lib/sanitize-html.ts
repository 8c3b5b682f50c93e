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

/** Article HTML with everything that could run script removed. */
export function sanitizeArticleHtml(html: string): string {
  return DOMPurify.sanitize(html, CONFIG);
}
