import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { PrimeReactProvider } from 'primereact/api';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { ToastHost } from './components/ToastHost';
import { i18n } from './i18n';
import { AppRoutes } from './router';

/** Providers shared by the app and the tests: i18n, SWR (no retries: the request layer reports), PrimeReact. */
export function Providers(props: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PrimeReactProvider value={{ ripple: false }}>
        <SWRConfig value={{ revalidateOnFocus: false, shouldRetryOnError: false, dedupingInterval: 2000 }}>
          {props.children}
          <ToastHost />
          <ConfirmDialog />
        </SWRConfig>
      </PrimeReactProvider>
    </I18nextProvider>
  );
}

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
