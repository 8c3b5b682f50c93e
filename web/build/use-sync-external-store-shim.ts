// wouter imports use-sync-external-store's shim for React 17 and older; React
// 19 has the hook itself, so the build points the shim here (web/vite.config.ts).
export { useSyncExternalStore } from 'react';
