import { useEffect, useRef, type ReactNode } from 'react';
import { Toast } from 'primereact/toast';
import { useTranslation } from 'react-i18next';
import { onNotify } from '../api/notify';

/** a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms) */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;

/**
 * A toast's text in a right-to-left interface: a text with no right-to-left letter is the server's own English (a
 * message with no translation) or a name, and is isolated left to right, so its full stop stays at its end and it
 * does not reorder the toast around it. Text in the interface's script, and every text of a left-to-right interface, is
 * shown as it is.
 */
export function toastText(text: string | undefined, rtl: boolean): ReactNode {
  if (!text || !rtl || RTL_LETTER.test(text) || !/\p{L}/u.test(text)) return text;
  return (
    <bdi dir="ltr" data-isolated="ltr">
      {text}
    </bdi>
  );
}

/** Renders the request layer's and the screens' notices (3 s each). */
export function ToastHost() {
  const ref = useRef<Toast>(null);
  const { i18n } = useTranslation();
  useEffect(
    () =>
      onNotify((n) => {
        const rtl = document.documentElement.dir === 'rtl';
        ref.current?.show({ severity: n.severity, summary: toastText(n.summary, rtl), detail: toastText(n.detail, rtl), life: n.life });
      }),
    [],
  );
  return <Toast ref={ref} position={i18n.dir(i18n.language) === 'rtl' ? 'top-left' : 'top-right'} data-testid="toasts" />;
}
