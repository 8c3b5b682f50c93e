import { ErrorScreen } from '@web/components/ui/error-screen';
import {
  CHECKING_SERVER,
  errorScreenText,
  isChunkLoadError,
  SERVER_UNREACHABLE,
} from '@web/lib/errors';
import { useServerReachable } from '@web/lib/reachable';

/**
 * The full-page error of anything a boundary caught. A screen whose code did
 * not download says "Peega was updated" only when the server answers; when
 * it does not, it says that Peega can't be reached (#40 item 20).
 */
export function LoadErrorScreen({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  const reach = useServerReachable(chunk);
  if (chunk && reach === 'unreachable')
    return <ErrorScreen {...SERVER_UNREACHABLE} />;
  if (chunk && reach === 'checking')
    return <ErrorScreen {...CHECKING_SERVER} />;
  return <ErrorScreen {...errorScreenText(error)} />;
}
