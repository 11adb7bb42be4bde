/**
 * The warning when leaving the page with a recording that was not downloaded (spec meetings.md, Recorder).
 * Leaving the document (reload, close, another site) is the browser's beforeunload prompt. Leaving inside the app:
 * the app uses a BrowserRouter (no data router, so no useBlocker), whose navigations are calls of
 * `history.pushState`, `replaceState` and `go` (navigate(-1)); while the guard is installed those ask first
 * (`window.confirm`) and do nothing when the user stays. The browser's own back button (popstate) cannot be
 * cancelled that way and is not covered.
 */
export function installLeaveGuard(shouldWarn: () => boolean, message: string, w: Window = window): () => void {
  const h = w.history;
  const push = h.pushState;
  const replace = h.replaceState;
  const go = h.go;
  const stay = () => shouldWarn() && !w.confirm(message);
  const onBeforeUnload = (e: BeforeUnloadEvent) => {
    if (!shouldWarn()) return;
    e.preventDefault();
    // older browsers show the prompt only when returnValue is set
    e.returnValue = message;
  };
  h.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
    if (stay()) return;
    return push.apply(this, args);
  };
  h.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
    // a replace to the same address (search or state only) is not leaving
    const url = args[2];
    if (url !== undefined && url !== null && new URL(String(url), w.location.href).pathname !== w.location.pathname && stay()) return;
    return replace.apply(this, args);
  };
  h.go = function (this: History, delta?: number) {
    if (delta && stay()) return;
    return go.call(this, delta);
  };
  w.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    h.pushState = push;
    h.replaceState = replace;
    h.go = go;
    w.removeEventListener('beforeunload', onBeforeUnload);
  };
}
