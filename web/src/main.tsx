import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@web/app/provider';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '@web/app/router';
import { loadEnv } from '@web/lib/env';
import { takeSessionHandoverFragment } from '@web/lib/session-handover-fragment';
import '@web/styles.css';

// A one-time sign-in code from the extension leaves the address at once.
takeSessionHandoverFragment();

// Start fetching /config.json before the first render. A failure is shown by
// the screens that need it; the rest of the app still works without it.
loadEnv().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createAppRouter()} />
    </AppProvider>
  </StrictMode>,
);
