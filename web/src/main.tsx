import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@web/app/provider';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from '@web/app/router';
import { loadEnv } from '@web/lib/env';
import '@web/styles.css';

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
