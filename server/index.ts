// The page server's one entry for whoever mounts it (server/main.ts, the
// embedded backend): nothing else of server/ is imported from outside.
export { createPageServer, type PageServerOptions } from './page-server.ts';
export type { PageRequest, PageResponse } from './http.ts';
