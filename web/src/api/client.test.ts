import { z } from 'zod';
import { CORE_ERRORS, defineComposedRoute, zPageMeta } from '@app/contracts';
import { i18n } from '../i18n';
import { installFetch, jsonResponse, on } from '../test/fetch';
import { api, apiCommand, ApiError, request, REQUEST_TIMEOUT_MS, statusMessage } from './client';
import { registerNavigator } from './navigation';
import { onNotify, type Notice } from './notify';
import { IDLE_LIMIT_MS, session, STORAGE_KEYS } from './session';

let notices: Notice[];
let navigate: jest.Mock;
let unsubscribe: () => void;

beforeEach(() => {
  window.localStorage.clear();
  window.history.pushState({}, '', '/app/dashboards/home');
  notices = [];
  unsubscribe = onNotify((n) => notices.push(n));
  navigate = jest.fn();
  registerNavigator(navigate);
  session.signIn({ token: 'tok-1', email: 'a@example.com', role: 'Admin' });
});
afterEach(() => {
  unsubscribe();
  registerNavigator(null);
  jest.useRealTimers();
});

function failWith(status: number, body: unknown = { success: false, message: 'server says' }) {
  installFetch(on('GET', '/api/things', () => jsonResponse(status, body)));
  return request('/things');
}

describe('request layer: headers and base', () => {
  it('calls /api with the token and Lang headers', async () => {
    const calls = installFetch(on('GET', '/api/things', () => jsonResponse(200, { success: true, data: [1] })));
    await i18n.changeLanguage('ar');
    const body = await request('/things', { method: 'GET', query: { page: 2, search: '' } });
    await i18n.changeLanguage('en');
    expect(body).toEqual({ success: true, data: [1] });
    expect(calls[0].path).toBe('/api/things?page=2');
    expect(calls[0].headers.token).toBe('tok-1');
    expect(calls[0].headers.Lang).toBe('ar');
  });

  it('sends JSON bodies and multipart forms', async () => {
    const calls = installFetch(on('POST', '/api/things', () => jsonResponse(200, { success: true })));
    await request('/things', { method: 'POST', body: { a: 1 } });
    const form = new FormData();
    form.append('file', 'x');
    await request('/things', { method: 'POST', form });
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ a: 1 });
    expect(calls[1].headers['Content-Type']).toBeUndefined();
    expect(calls[1].body).toEqual({ file: 'x' });
  });
});

describe('request layer: status -> message toast (docs/product/errors.md#the-catalogue)', () => {
  it.each([
    [404, 'Not Found'],
    [409, 'Error in validation'],
    [500, 'Internal Server Error'],
    [508, 'Time Out'],
    [429, 'Too Many Attempts.'],
    [413, 'File too large'],
    [418, 'Something went wrong.'],
    [502, 'Something went wrong.'],
  ])('%i shows "%s" for 3 s', async (status, message) => {
    await expect(failWith(status)).rejects.toMatchObject({ status, message });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ severity: 'error', summary: message, life: 3000 });
    expect(session.token()).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('409 carries the field errors of `errors` (and of `data`)', async () => {
    const err = (await failWith(409, {
      success: false,
      code: 'VALIDATION',
      message: 'Error in validation',
      errors: { email: ['The email has already been taken.'] },
      data: { name: 'This field is required.' },
    }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.fieldErrors).toEqual({ email: 'The email has already been taken.', name: 'This field is required.' });
    expect(notices[0]).toMatchObject({ summary: 'Error in validation', detail: 'The email has already been taken.' });
  });

  it('translates the catalogue message into the current language', async () => {
    await i18n.changeLanguage('ru');
    await expect(failWith(404)).rejects.toMatchObject({ message: 'Не найдено' });
    await i18n.changeLanguage('en');
  });

  it('notify: false keeps quiet but still rejects', async () => {
    installFetch(on('GET', '/api/things', () => jsonResponse(500, {})));
    await expect(request('/things', { notify: false })).rejects.toMatchObject({ status: 500 });
    expect(notices).toHaveLength(0);
  });

  it('a network failure says "Something went wrong."', async () => {
    (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(request('/things')).rejects.toMatchObject({ status: 0, message: 'Something went wrong.' });
    expect(notices[0].summary).toBe('Something went wrong.');
  });

  it('with no network at all (navigator.onLine false) the failure says "You are offline." and shows no toast (the header says it once)', async () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      await expect(request('/things')).rejects.toMatchObject({ status: 0, message: 'You are offline.' });
      expect(notices).toHaveLength(0);
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('request layer: 401/403', () => {
  it.each([401, 403])('%i without a token in the URL: "Authentication Fail / Please login again", storage cleared, login', async (status) => {
    window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ name: 'A' }));
    await expect(failWith(status)).rejects.toMatchObject({ status });
    expect(notices[0]).toMatchObject({ severity: 'error', summary: 'Authentication Fail', detail: 'Please login again', life: 3000 });
    expect(session.token()).toBeNull();
    expect(session.user()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });

  it('with a token in the URL (guest link) the stored login stays and nothing redirects', async () => {
    window.history.pushState({}, '', '/approval/5?token=guest-token');
    await expect(failWith(401)).rejects.toMatchObject({ status: 401 });
    expect(session.token()).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a public call (sign-in) answering 401 does not sign out', async () => {
    installFetch(on('POST', '/api/login', () => jsonResponse(401, { message: 'These credentials do not match our records.' })));
    const err = (await request('/login', { method: 'POST', body: {}, public: true, notify: false }).catch((e: unknown) => e)) as ApiError;
    expect(err.serverMessage).toBe('These credentials do not match our records.');
    expect(session.token()).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a call that needs a token without one goes to login without calling the server', async () => {
    session.clear();
    const calls = installFetch(on('GET', '/api/things', () => jsonResponse(200, {})));
    await expect(request('/things')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });
});

describe('request layer: idle logout and timeout (docs/product/sign-in.md#sessions-sign-out-and-idle-logout, docs/product/overview.md#formats-and-limits)', () => {
  it('records the time of every request', async () => {
    installFetch(on('GET', '/api/things', () => jsonResponse(200, {})));
    const now = 1_700_000_000_000;
    jest.spyOn(Date, 'now').mockReturnValue(now);
    await request('/things');
    expect(window.localStorage.getItem(STORAGE_KEYS.lastRequestAt)).toBe(String(now));
  });

  it('more than 60 minutes since the last request: stored login cleared, login page, no call', async () => {
    const calls = installFetch(on('GET', '/api/things', () => jsonResponse(200, {})));
    const last = 1_700_000_000_000;
    window.localStorage.setItem(STORAGE_KEYS.lastRequestAt, String(last));
    jest.spyOn(Date, 'now').mockReturnValue(last + IDLE_LIMIT_MS + 1);
    await expect(request('/things')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(0);
    expect(session.token()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login', { replace: true });
  });

  it('exactly 60 minutes is still fine', async () => {
    const calls = installFetch(on('GET', '/api/things', () => jsonResponse(200, { success: true })));
    const last = 1_700_000_000_000;
    window.localStorage.setItem(STORAGE_KEYS.lastRequestAt, String(last));
    jest.spyOn(Date, 'now').mockReturnValue(last + IDLE_LIMIT_MS);
    await expect(request('/things')).resolves.toEqual({ success: true });
    expect(calls).toHaveLength(1);
    expect(session.token()).toBe('tok-1');
  });

  it('gives up after 60 s with "Time Out"', async () => {
    jest.useFakeTimers();
    (globalThis as unknown as { fetch: unknown }).fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const p = request('/things');
    const settled = expect(p).rejects.toMatchObject({ status: 508, message: 'Time Out' });
    jest.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(notices).toHaveLength(0);
    jest.advanceTimersByTime(1);
    await settled;
    expect(notices[0].summary).toBe('Time Out');
  });
});

describe('request layer: the catalogue comes from libs/contracts', () => {
  // a status several codes share (410: a guest link expired or revoked) shows the first code's message when the
  // answer carries none; the server's own message, when it sends one, is what the screens show
  const firstOf = (status: number) => Object.values(CORE_ERRORS).find((e) => e.status === status)!.message;
  it.each(Object.entries(CORE_ERRORS).filter(([code]) => code !== 'INVALID_ORGANIZATION'))('%s: status %o shows its catalogue message', (_, spec) => {
    expect(statusMessage(spec.status)).toBe(spec.status === 401 || spec.status === 403 ? 'Authentication Fail' : firstOf(spec.status));
  });
  it('410 without a message reads as the expired link, the first of its codes', () => {
    expect(statusMessage(410)).toBe('This link has expired.');
  });
  it('404 is "Not Found" (the organization variant is the server\'s own message)', () => {
    expect(statusMessage(404)).toBe('Not Found');
  });
});

describe('route calls: api(route, ...)', () => {
  const zThing = z.object({ id: z.number(), name: z.string() });
  const getThing = defineComposedRoute({ method: 'GET', path: '/api/things/:id/parts/:part', access: 'user', summary: 's', tags: ['t'], params: z.object({ id: z.string(), part: z.string() }), response: zThing });
  const listThings = defineComposedRoute({ method: 'GET', path: '/api/things', access: 'user', summary: 's', tags: ['t'], query: z.object({ page: z.number() }), response: z.array(zThing), answer: 'paged' });
  const publicThing = defineComposedRoute({ method: 'POST', path: '/api/things/public', access: 'public', summary: 's', tags: ['t'], body: z.object({ name: z.string() }), response: zThing });
  const saveThing = defineComposedRoute({ method: 'PUT', path: '/api/things/:id', access: 'user', summary: 's', tags: ['t'], params: z.object({ id: z.number() }), body: z.object({ name: z.string() }), response: zThing, message: 'Saved' });

  it('fills and encodes the path parameters, sends the token, answers the parsed data', async () => {
    const calls = installFetch(on('GET', /^\/api\/things\//, () => jsonResponse(200, { success: true, data: { id: 1, name: 'A', extra: 'dropped' } })));
    const thing = await api(getThing, { params: { id: 'a b/c', part: 'x?y' } });
    expect(calls[0].path).toBe('/api/things/a%20b%2Fc/parts/x%3Fy');
    expect(calls[0].headers.token).toBe('tok-1');
    expect(thing).toEqual({ id: 1, name: 'A' });
  });

  it('a paged route answers { items, meta }', async () => {
    const meta = { page: 2, per_page: 1, total: 3, last_page: 3 } satisfies z.input<typeof zPageMeta>;
    const calls = installFetch(on('GET', '/api/things', () => jsonResponse(200, { success: true, data: [{ id: 2, name: 'B' }], meta })));
    await expect(api(listThings, { query: { page: 2 } })).resolves.toEqual({ items: [{ id: 2, name: 'B' }], meta });
    expect(calls[0].path).toBe('/api/things?page=2');
  });

  it('an answer that does not match the contract raises an ApiError (no half-read data reaches a screen)', async () => {
    installFetch(on('GET', /^\/api\/things\//, () => jsonResponse(200, { success: true, data: { id: '1', title: 'renamed' } })));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const err = await api(getThing, { params: { id: '1', part: '2' } }).catch((e: unknown) => e);
    error.mockRestore();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, message: 'Something went wrong.' });
  });

  it('a paged answer without its meta is a mismatch too', async () => {
    installFetch(on('GET', '/api/things', () => jsonResponse(200, { success: true, data: [] })));
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(api(listThings, { query: { page: 1 } })).rejects.toBeInstanceOf(ApiError);
    error.mockRestore();
  });

  it('public routes send no token and need no sign-in', async () => {
    session.clear();
    const calls = installFetch(on('POST', '/api/things/public', () => jsonResponse(200, { success: true, data: { id: 3, name: 'C' } })));
    await expect(api(publicThing, { body: { name: 'C' } })).resolves.toEqual({ id: 3, name: 'C' });
    expect(calls[0].headers.token).toBeUndefined();
    expect(calls[0].body).toEqual({ name: 'C' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failure is the ApiError of the request layer with the catalogue toast', async () => {
    installFetch(on('PUT', '/api/things/4', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { name: ['This field is required.'] } })));
    const err = (await api(saveThing, { params: { id: 4 }, body: { name: '' } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.fieldErrors).toEqual({ name: 'This field is required.' });
    expect(notices[0]).toMatchObject({ summary: 'Error in validation', detail: 'This field is required.' });
  });

  it('apiCommand answers the data and the success message the server sent', async () => {
    installFetch(on('PUT', '/api/things/4', () => jsonResponse(200, { success: true, message: 'Saved', data: { id: 4, name: 'D' } })));
    await expect(apiCommand(saveThing, { params: { id: 4 }, body: { name: 'D' } })).resolves.toEqual({ data: { id: 4, name: 'D' }, message: 'Saved' });
  });
});
