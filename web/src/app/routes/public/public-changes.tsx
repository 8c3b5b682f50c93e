import { useParams } from 'react-router-dom';
import NotFoundRoute from '@web/app/routes/landing/not-found';
import { usePublicChanges } from '@web/api/public/get-public-changes';
import { ErrorScreen } from '@web/components/ui/error-screen';
import { PageSpinner } from '@web/components/ui/spinner';
import { PublicChangesPage } from '@web/features/public-changes/components/public-changes-page';

/** /changes/:slug — a company's "You said, we did" page (#22). */
export default function PublicChangesRoute() {
  const { slug = '' } = useParams();
  const query = usePublicChanges(slug);
  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return (
      <ErrorScreen
        title="Something went wrong"
        message="This page could not be loaded."
        hint="Please check your connection and reload the page."
      />
    );
  const first = query.data.pages[0];
  // Unknown slug, or the company turned its page off (the server sent 404).
  if (!first) return <NotFoundRoute />;
  return (
    <PublicChangesPage
      companyName={first.company_name}
      changes={query.data.pages.flatMap((p) => p?.topics ?? [])}
      more={
        query.hasNextPage
          ? {
              loading: query.isFetchingNextPage,
              load: () => void query.fetchNextPage(),
            }
          : undefined
      }
    />
  );
}
