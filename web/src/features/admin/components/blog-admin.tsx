import { useSession } from '@web/api/auth/use-session';
import { useIsBlogAdmin } from '@web/api/blog/get-is-blog-admin';
import { PageSpinner } from '@web/components/ui/spinner';
import { AccessDenied } from './access-denied';
import { BlogAdminPanel } from './blog-admin-panel';

/**
 * /blog-admin: the two Access Denied states, or the panel for admins. The
 * database refuses every write of a non-admin anyway.
 */
export function BlogAdmin() {
  const session = useSession();
  const email = session.session?.user.email;
  const admin = useIsBlogAdmin(email);

  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signed-out') {
    return (
      <AccessDenied message="Please log in to access the blog admin panel." />
    );
  }
  if (admin.isPending) return <PageSpinner />;
  if (admin.data !== true) {
    return (
      <AccessDenied message="You don't have admin access to the blog panel." />
    );
  }
  // Keyed by account: another admin's drafts and edits never carry over.
  return <BlogAdminPanel key={session.session.user.id} />;
}
