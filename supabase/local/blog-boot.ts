import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  BLOG_BOOT_ELEMENT_ID,
  blogPage,
  serializeBlogBoot,
  type BlogBoot,
} from '../../shared/data/blog-boot.ts';
import { loadBlogBoot } from '../../shared/data/load-blog-boot.ts';
import type { Client } from '../../shared/data/client.ts';
import type { Database } from '../../shared/db/database.types.ts';
import type { BackendContext } from './context.ts';

/**
 * Reads a blog page's public data for the HTML the server sends, the way a
 * page server in front of hosted Supabase would: through supabase-js with
 * the anon key (here over loopback to this very server), so the database's
 * policies and the client's own data functions decide what it holds.
 */
export function blogBootReader(ctx: BackendContext, server: http.Server) {
  let client: Client | undefined;
  const anon = () => {
    if (!client) {
      const { address, family, port } = server.address() as AddressInfo;
      const host = family === 'IPv6' ? `[${address}]` : address;
      const loopback =
        address === '0.0.0.0' || address === '::' ? '127.0.0.1' : host;
      client = createClient<Database>(
        `http://${loopback}:${port}`,
        ctx.config.anonKey,
        {
          auth: {
            persistSession: false,
            autoRefreshToken: false,
            detectSessionInUrl: false,
          },
          // Never used here; Node 20 has no global WebSocket to construct with.
          realtime: { transport: WebSocket as never },
        },
      );
    }
    return client;
  };

  return async (
    pathname: string,
    rawQuery: string,
  ): Promise<BlogBoot | undefined> => {
    if (!blogPage(pathname)) return undefined;
    try {
      return await loadBlogBoot(
        anon(),
        pathname,
        new URLSearchParams(rawQuery),
      );
    } catch (e) {
      // The page still works: it loads the same data live.
      console.error(`[peega] blog data for ${pathname} failed:`, e);
      return undefined;
    }
  };
}

/** Puts the page's data into the built index.html, ahead of its scripts. */
export function injectBlogBoot(html: string, boot: BlogBoot): string {
  const tag = `<script id="${BLOG_BOOT_ELEMENT_ID}" type="application/json">${serializeBlogBoot(boot)}</script>`;
  // A function replacement: `$&` in an article must stay text.
  return html.replace('</head>', () => `    ${tag}\n  </head>`);
}
