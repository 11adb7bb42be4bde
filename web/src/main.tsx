import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/app.css';
import { App } from './App';
import { registerOfflineCleanup } from './features/offline/offline-book';
import { initI18n } from './i18n';

initI18n();
// a sign-out removes the signed-out user's offline board books (docs/minutes.md#offline-board-book)
registerOfflineCleanup();
// the built app installs its service worker (web/sw/service-worker.js): the app shell opens without the network
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('service worker not registered', e));
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
