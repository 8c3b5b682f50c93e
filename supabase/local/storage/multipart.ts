/** One part of a `multipart/form-data` body. */
export interface FormPart {
  name: string;
  /** Set for file parts (`filename=` in Content-Disposition). */
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const MAX_PARTS = 32;

/** The boundary of a `multipart/form-data` content type, if it is one. */
export function formBoundary(
  contentType: string | undefined,
): string | undefined {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) {
    return undefined;
  }
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

function params(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const m of header.matchAll(re)) {
    const raw = (m[2] ?? '').trim();
    out[(m[1] ?? '').toLowerCase()] = raw.startsWith('"')
      ? raw.slice(1, -1).replace(/\\(.)/g, '$1')
      : raw;
  }
  return out;
}

function parseHeaders(block: string): Omit<FormPart, 'data'> | undefined {
  let disposition: Record<string, string> | undefined;
  let contentType: string | undefined;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition' && /^form-data\b/i.test(value)) {
      disposition = params(value);
    } else if (key === 'content-type') {
      contentType = value;
    }
  }
  if (!disposition || disposition.name === undefined) return undefined;
  return {
    name: disposition.name,
    filename: disposition.filename,
    contentType,
  };
}

/**
 * Splits a whole `multipart/form-data` body into parts (RFC 7578). Returns
 * undefined when the body is not well formed, so callers answer 400.
 */
export function parseMultipart(
  body: Buffer,
  boundary: string,
): FormPart[] | undefined {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos === -1) return undefined;
  const parts: FormPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') return parts;
    if (!body.subarray(pos, pos + 2).equals(CRLF)) return undefined;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd === -1) return undefined;
    const headers = parseHeaders(body.toString('utf8', pos + 2, headerEnd));
    const dataEnd = body.indexOf(next, headerEnd + 4);
    if (dataEnd === -1 || !headers || parts.length >= MAX_PARTS) {
      return undefined;
    }
    parts.push({ ...headers, data: body.subarray(headerEnd + 4, dataEnd) });
    pos = dataEnd + 2;
  }
}
