import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@ext/components/style.css';
import { bootPopup } from '@ext/api/popup-boot';
import { App } from './app';

const boot = bootPopup();
const root = createRoot(document.getElementById('root')!);
// The first screen comes from storage and the tab (a few milliseconds, no
// network): render once with it instead of a loading state.
void boot.shell.then((shell) =>
  root.render(
    <StrictMode>
      <App shell={shell} boot={boot} />
    </StrictMode>,
  ),
);
