import { useSyncExternalStore } from 'react';
import { onSessionChange, session } from '../api/session';

/** The stored token, re-rendering on sign-in and sign-out. */
export function useToken(): string | null {
  return useSyncExternalStore(onSessionChange, session.token, session.token);
}
