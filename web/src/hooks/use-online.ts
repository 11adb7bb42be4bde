import { useSyncExternalStore } from 'react';

/**
 * Whether the browser says it has a network (`navigator.onLine`, kept current by its online/offline events). A false
 * is reliable (no network at all); a true only means a network exists, so pages still treat a failed request
 * (`isNetworkFailure`) as their cue to show an offline copy.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
