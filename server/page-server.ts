import { isAppPath } from '../shared/domain/app-paths.ts';
import { CONTACT_EMAIL } from '../shared/domain/brand.ts';
import { articleHead, injectHead } from './blog-head.ts';
import { blogBootReader, injectBlogBoot } from './blog-boot.ts';
import { createExtensionPage } from './extension-page.ts';
import { publicChangesHead, publicChangesReader } from './public-changes.ts';
import type { PageRequest, PageResponse } from './http.ts';
import { serveWeb } from './static.ts';

export interface PageServerOptions {
  /** The built web app (`web/dist`); without it only /config.json and /extension answer. */
  webDist?: string;
  /** WXT's output folder: the unpacked builds and zips `/extension` offers. */
  extensionOutputDir: string;
  /** The address visitors use for this site: canonical links of articles. */
  publicUrl: () => string;
  /** The Supabase project the browser talks to (`/config.json`). */
  supabaseUrl: () => string;
  /**
   * Where this server reads Supabase for the blog's served data; defaults to
   * `supabaseUrl` (differs when the server reaches the project on loopback).
   */
  supabaseReadUrl?: () => string;
  /** The project's anon (publishable) key: the only key this server holds. */
  anonKey: string;
  demoMode: boolean;
  /** Where "Download Extension" points (a store page in production). */
  extensionUrl?: string;
  linkedin: { clientId: string; authorizeUrl: string } | null;
  /** Where users write for what only a person can do (PEEGA_SUPPORT_EMAIL). */
  supportEmail?: string;
  /** Stripe is configured (#35): paid plans lead to Checkout, not "Coming soon". */
  billingEnabled?: boolean;
}

/**
 * The product's page server: the built web app with history fallback,
 * `/config.json`, the blog's served head tags and data, the head tags of
 * the companies' public pages (#22), and `/extension`.
 * It reads Supabase only through supabase-js with the anon key, so it runs
 * the same in front of hosted Supabase (server/main.ts) as mounted by the
 * embedded backend. Answers undefined for a path that is not a page.
 */
export function createPageServer(options: PageServerOptions) {
  const readBlogBoot = blogBootReader(
    options.supabaseReadUrl ?? options.supabaseUrl,
    options.anonKey,
  );
  const readPublicChanges = publicChangesReader(
    options.supabaseReadUrl ?? options.supabaseUrl,
    options.anonKey,
  );
  const extensionPage = createExtensionPage(
    options.extensionOutputDir,
    options.supabaseUrl,
  );
  const runtimeConfig = () =>
    JSON.stringify({
      supabaseUrl: options.supabaseUrl(),
      supabaseAnonKey: options.anonKey,
      demoMode: options.demoMode,
      extensionUrl: options.extensionUrl ?? `${options.publicUrl()}/extension`,
      linkedinEnabled: options.linkedin !== null,
      linkedinClientId: options.linkedin?.clientId ?? null,
      linkedinAuthorizeUrl: options.linkedin?.authorizeUrl ?? null,
      supportEmail: options.supportEmail ?? CONTACT_EMAIL,
      billingEnabled: options.billingEnabled ?? false,
    });

  return async (req: PageRequest): Promise<PageResponse | undefined> => {
    const { method, pathname, rawQuery } = req;
    if (pathname === '/extension' || pathname.startsWith('/extension/')) {
      return extensionPage(pathname.slice('/extension'.length) || '/');
    }
    if (pathname === '/config.json') {
      return {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-cache',
        },
        body: runtimeConfig(),
      };
    }
    if ((method !== 'GET' && method !== 'HEAD') || !options.webDist) {
      return undefined;
    }
    // A company's "You said, we did" page (#22): its head tags, or 404 for
    // a slug no company has (the app shows its not-found page).
    const changes = await readPublicChanges(pathname);
    if (changes !== undefined) {
      const shell = await serveWeb(options.webDist, '/index.html');
      if (shell?.body) {
        const head = publicChangesHead(options.publicUrl(), changes);
        const html = injectHead(Buffer.from(shell.body).toString('utf8'), head);
        return { ...shell, status: head.status, body: html };
      }
    }
    // Blog pages: public data, and an article's head tags built from it, go
    // into the HTML sent.
    const boot = await readBlogBoot(pathname, rawQuery);
    // An article's old slug: a permanent move to its current one.
    if (boot?.kind === 'article' && boot.redirectTo) {
      return {
        status: 301,
        headers: {
          location: `/blog/${encodeURIComponent(boot.redirectTo)}${rawQuery ? `?${rawQuery}` : ''}`,
          'cache-control': 'no-cache',
        },
        body: '',
      };
    }
    if (boot) {
      const shell = await serveWeb(options.webDist, '/index.html');
      if (shell?.body) {
        const head =
          boot.kind === 'article'
            ? articleHead(options.publicUrl(), boot)
            : undefined;
        let html = Buffer.from(shell.body).toString('utf8');
        if (head) html = injectHead(html, head);
        html = injectBlogBoot(html, boot);
        return { ...shell, status: head?.status ?? 200, body: html };
      }
    }
    return serveWeb(options.webDist, pathname, req.acceptEncoding, isAppPath);
  };
}
