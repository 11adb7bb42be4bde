/**
 * The signed-in state kept in browser storage (docs/product/sign-in.md#sessions-sign-out-and-idle-logout).
 * Everything that reads or writes the stored login goes through this file.
 */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'auth_user',
  role: 'auth_role',
  email: 'auth_email',
  /** PIN sign-in needs the token and e-mail of the last password sign-in; kept on sign-out */
  pinToken: 'auth_pin_token',
  /** time of the last request (ms), for the 60-minute idle logout */
  lastRequestAt: 'auth_last_request_at',
} as const;

/** docs/product/overview.md#formats-and-limits: idle logout after 60 minutes between requests */
export const IDLE_LIMIT_MS = 60 * 60 * 1000;

export interface StoredUser {
  id?: number;
  name?: string;
  email?: string;
  image?: string | null;
  role?: unknown;
  permissions?: string[];
  isAdmin?: boolean;
}

export interface PinToken {
  token: string;
  email: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    /* storage unavailable (private mode): nothing was kept */
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage unavailable (private mode): the session simply does not persist */
  }
}
function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    /* a value written by another version of the app: treated as absent */
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Components re-render when the stored login changes (sign-in, sign-out, idle logout). */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function emit(): void {
  for (const l of [...listeners]) l();
}

type EndListener = (who: { email: string | null }) => void;
const endListeners = new Set<EndListener>();
/** Called with the signed-out user before a sign-out, idle logout or 401/403 clears the stored login. */
export function onSessionEnd(listener: EndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export const session = {
  token(): string | null {
    return read(STORAGE_KEYS.token);
  },
  user(): StoredUser | null {
    return readJson<StoredUser>(STORAGE_KEYS.user);
  },
  role(): string | null {
    return read(STORAGE_KEYS.role);
  },
  /** the e-mail of the signed-in user (what offline copies are kept under) */
  email(): string | null {
    return read(STORAGE_KEYS.email) ?? session.user()?.email ?? null;
  },
  pinToken(): PinToken | null {
    return readJson<PinToken>(STORAGE_KEYS.pinToken);
  },
  lastRequestAt(): number | null {
    const v = Number(read(STORAGE_KEYS.lastRequestAt));
    return Number.isFinite(v) && v > 0 ? v : null;
  },

  /** Sign-in success: tokens and user data stored in browser storage. */
  signIn(input: { token: string; email?: string | null; role?: string | number | null; pinToken?: string | null; user?: StoredUser | null }): void {
    write(STORAGE_KEYS.token, input.token);
    write(STORAGE_KEYS.email, input.email ?? null);
    write(STORAGE_KEYS.role, input.role === undefined || input.role === null ? null : String(input.role));
    if (input.user) write(STORAGE_KEYS.user, JSON.stringify(input.user));
    if (input.pinToken && input.email) write(STORAGE_KEYS.pinToken, JSON.stringify({ token: input.pinToken, email: input.email }));
    write(STORAGE_KEYS.lastRequestAt, String(Date.now()));
    emit();
  },
  setUser(user: StoredUser): void {
    write(STORAGE_KEYS.user, JSON.stringify(user));
    emit();
  },
  touch(now = Date.now()): void {
    write(STORAGE_KEYS.lastRequestAt, String(now));
  },
  /** True when a stored login has been idle longer than the limit. */
  isIdleExpired(now = Date.now()): boolean {
    const last = session.lastRequestAt();
    return session.token() !== null && last !== null && now - last > IDLE_LIMIT_MS;
  },
  /** Sign-out, idle logout and 401/403: clear token and user data (the PIN token stays). */
  clear(): void {
    // what belongs to the user who is signed out goes with them (the offline board books)
    const who = { email: session.email() };
    for (const l of [...endListeners]) l(who);
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.user, null);
    write(STORAGE_KEYS.role, null);
    write(STORAGE_KEYS.email, null);
    write(STORAGE_KEYS.lastRequestAt, null);
    emit();
  },
};
