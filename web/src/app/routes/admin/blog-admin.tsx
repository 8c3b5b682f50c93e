import { CONSUMER_BRAND } from '@shared/domain/brand';
import { SiteFooter } from '@web/components/layouts/site-footer';
import { BlogAdmin } from '@web/features/admin/components/blog-admin';
import { BlogNav } from '@web/features/blog/components/blog-nav';

export default function BlogAdminRoute() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface text-ink">
      <title>{`Blog Admin · ${CONSUMER_BRAND}`}</title>
      <BlogNav />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
        <BlogAdmin />
      </main>
      <SiteFooter />
    </div>
  );
}
