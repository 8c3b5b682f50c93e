/**
 * The third way to prove a domain (DECISIONS.md "Domain verification
 * methods"): a `<meta name="peega-verification" content="<token>">` tag on
 * the domain's home page, as search consoles ask for. The settings card
 * shows the tag; the verify-domain function looks for it.
 */
export const VERIFICATION_META_NAME = 'peega-verification';

/** The tag a company pastes into its home page's `<head>`. */
export function verificationMetaTag(token: string): string {
  return `<meta name="${VERIFICATION_META_NAME}" content="${token}">`;
}

/** The value of one attribute of a tag's source, quoted or bare. */
function attribute(tag: string, name: string): string | null {
  const match = new RegExp(
    `\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`,
    'i',
  ).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

/**
 * Whether an HTML page carries the verification tag with `token`, in any
 * attribute order and quoting. Only `<head>` counts when the page has one:
 * a token pasted into a comment box on the page is not the owner's tag.
 */
export function hasVerificationMeta(html: string, token: string): boolean {
  const headEnd = html.search(/<\/head\s*>|<body[\s>]/i);
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  // Comments may hold an old or someone else's tag.
  const live = head.replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of live.matchAll(/<meta\b[^>]*>/gi)) {
    if (
      attribute(tag, 'name')?.trim().toLowerCase() === VERIFICATION_META_NAME &&
      attribute(tag, 'content')?.trim() === token
    )
      return true;
  }
  return false;
}
