/**
 * The window a meeting change is handled in, for coalescing board book rebuilds: changes handled in the same
 * `windowMs` slot share one job (its id carries `window`), which waits until the slot has ended (`delayMs`). The
 * slot comes from the time the change is handled, not the event's own time: so the job of a slot always runs after
 * every change handled in it (an event handled late cannot fall in a slot whose job has run already).
 */
export function rebuildSlot(nowMs: number, windowMs: number): { window: number; delayMs: number } {
  const window = Math.floor(nowMs / windowMs);
  return { window, delayMs: (window + 1) * windowMs - nowMs };
}
