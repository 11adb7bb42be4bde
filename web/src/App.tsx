import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { PrimeReactProvider } from 'primereact/api';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { ToastHost } from './components/ToastHost';
import { i18n } from './i18n';
import { AppRoutes } from './router';

/**
 * PrimeReact's pass-through options for every component of a kind (docs/accessibility.md). A Dropdown is a combobox whose
 * focusable input carries its name (a label's htmlFor=inputId, or aria-label); its copy for forms (a hidden select) and
 * its arrow (a role=button that takes no focus and has no name) are hidden from assistive technology, and its root does
 * not carry aria-activedescendant (an attribute a plain div may not have, pointing at an option id that is not there).
 * A Dropdown with neither a label (inputId) nor an aria-label is named by its placeholder (a filter's "Status").
 * An InputSwitch is its input (role=switch, named by its label or aria-label): its root loses the role=checkbox that
 * nested one control in another, and the copy of the aria attributes that a plain div may not carry.
 */
type DropdownNaming = { props: { inputId?: string; placeholder?: string; 'aria-label'?: string; 'aria-labelledby'?: string } };
const PASS_THROUGH = {
  dropdown: {
    input: ({ props }: DropdownNaming) => (!props.inputId && !props['aria-label'] && !props['aria-labelledby'] && props.placeholder ? { 'aria-label': props.placeholder } : {}),
    select: { 'aria-hidden': true },
    trigger: { role: undefined, 'aria-hidden': true, 'aria-haspopup': undefined, 'aria-expanded': undefined, 'aria-label': undefined },
    root: { 'aria-activedescendant': undefined },
  },
  inputswitch: {
    root: { role: undefined, 'aria-checked': undefined, 'aria-label': undefined, 'aria-labelledby': undefined },
  },
} as const;

/** Providers shared by the app and the tests: i18n, SWR (no retries: the request layer reports), PrimeReact. */
export function Providers(props: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <PrimeReactProvider value={{ ripple: false, pt: PASS_THROUGH as never }}>
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
