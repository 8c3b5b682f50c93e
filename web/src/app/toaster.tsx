import { useEffect } from 'react';
import { Toaster, toast } from 'sonner';
import { toasterReady } from '@web/lib/toast';

/** sonner's toaster, loaded lazily by the data layout (lib/toast.ts). */
export default function AppToaster() {
  // After the Toaster's own effect: it listens before the first toast.
  useEffect(() => toasterReady(toast), []);
  // Bottom right: clear of the header links and page titles.
  return <Toaster position="bottom-right" richColors closeButton />;
}
