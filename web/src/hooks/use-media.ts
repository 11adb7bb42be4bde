import { useSyncExternalStore } from 'react';

/** PrimeFlex-style lg breakpoint: the side menu becomes a drawer below it (docs/product/overview.md#formats-and-limits). */
export const LG_BREAKPOINT_PX = 992;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const m = window.matchMedia(query);
      m.addEventListener?.('change', cb);
      return () => m.removeEventListener?.('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${LG_BREAKPOINT_PX}px)`);
}
