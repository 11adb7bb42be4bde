/**
 * Toasts from anywhere (the request layer is not a component). The shell's ToastHost renders them
 * with PrimeReact's Toast; tests subscribe directly.
 */
export type Severity = 'success' | 'info' | 'warn' | 'error';
export interface Notice {
  severity: Severity;
  summary: string;
  detail?: string;
  /** ms; docs/product/overview.md#formats-and-limits: toast duration 3 s */
  life: number;
}

export const TOAST_LIFE_MS = 3000;

type Listener = (n: Notice) => void;
const listeners = new Set<Listener>();

export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notify(severity: Severity, summary: string, detail?: string): void {
  const n: Notice = { severity, summary, detail, life: TOAST_LIFE_MS };
  for (const l of [...listeners]) l(n);
}
