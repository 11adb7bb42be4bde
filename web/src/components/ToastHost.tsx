import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { useTranslation } from 'react-i18next';
import { onNotify } from '../api/notify';

/** Renders the request layer's and the screens' notices (3 s each). */
export function ToastHost() {
  const ref = useRef<Toast>(null);
  const { i18n } = useTranslation();
  useEffect(
    () =>
      onNotify((n) => {
        ref.current?.show({ severity: n.severity, summary: n.summary, detail: n.detail, life: n.life });
      }),
    [],
  );
  return <Toast ref={ref} position={i18n.dir(i18n.language) === 'rtl' ? 'top-left' : 'top-right'} data-testid="toasts" />;
}
