/** Address without trailing slashes, e.g. `http://localhost:3000`. */
export function normaliseBackendUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
