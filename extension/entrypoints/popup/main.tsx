import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@ext/components/style.css';
import { preparePage } from '@ext/api/use-prepared-page';
import { App } from './app';

// Capture starts before React boots (the toolbar-click-to-ready budget).
void preparePage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
