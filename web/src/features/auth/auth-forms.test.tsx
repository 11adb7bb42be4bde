import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session, STORAGE_KEYS } from '../../api/session';
import { Routes, type RouteData } from '@app/contracts';
import { profileBody } from '../../test/app';
import { aLoginAnswer, answerOf } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on, orgPublic, type Call } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import { rememberReturnPath } from '../../lib/return-path';
import { CheckEmailPage } from './CheckEmailPage';
import { CompleteProfilePage } from './CompleteProfilePage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SsoPage } from './SsoPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const REQUIRED = 'This field is required.';
const BAD_EMAIL = 'The email must be a valid email address.';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const errorOf = (id: string) => screen.findByTestId(`${id}-error`);
const location = () => screen.getByTestId('location').textContent;
const nameAnswer = (name: string) =>
  ({ success: true, name, email: 'ada@example.com', data: { name, email: 'ada@example.com' } }) satisfies RouteData<typeof Routes.nameByToken>;

beforeEach(() => {
  window.localStorage.clear();
  window.history.pushState({}, '', '/auth/login');
});

describe('sign in with e-mail and password', () => {
  it('e-mail and password are required', async () => {
    installFetch(orgPublic());
    renderWithApp(<LoginPage />);
    click('login-submit');
    expect(await errorOf('login-email')).toHaveTextContent(REQUIRED);
    expect(await errorOf('login-password')).toHaveTextContent(REQUIRED);
  });

  it('the e-mail must be valid', async () => {
    const calls = installFetch(orgPublic());
    renderWithApp(<LoginPage />);
    type('login-email', 'not-an-email');
    type('login-password', 'secret');
    click('login-submit');
    expect(await errorOf('login-email')).toHaveTextContent(BAD_EMAIL);
    expect(calls.filter((c) => c.path === '/api/login')).toHaveLength(0);
  });

  it("shows the server's message when sign-in fails", async () => {
    installFetch(orgPublic(), on('POST', '/api/login', () => jsonResponse(401, { success: false, message: 'These credentials do not match our records.' })));
    renderWithApp(<LoginPage />);
    type('login-email', 'ada@example.com');
    type('login-password', 'wrong');
    click('login-submit');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('These credentials do not match our records.');
    expect(session.token()).toBeNull();
  });

  it('status 2 goes to /auth/verify-email', async () => {
    installFetch(orgPublic(), on('POST', '/api/login', () => jsonResponse(200, aLoginAnswer({ status: 2, token: null, role: null, message: 'Please verify your e-mail address.' }))));
    renderWithApp(<LoginPage />);
    type('login-email', 'ada@example.com');
    type('login-password', 'Secret#123');
    click('login-submit');
    await waitFor(() => expect(location()).toBe('/auth/verify-email?email=ada%40example.com'));
  });

  it('success stores the token (and the PIN token) and goes to the root', async () => {
    let loginCall: Call | undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/login', (c) => {
        loginCall = c;
        return jsonResponse(200, aLoginAnswer({ token: 'tok-9', pin_token: 'pin-9' }));
      }),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(['home_show'], { name: 'Ada' }))),
    );
    renderWithApp(<LoginPage />);
    type('login-email', ' ada@example.com ');
    type('login-password', 'Secret#123');
    click('login-submit');
    await waitFor(() => expect(location()).toBe('/'));
    expect(loginCall?.body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
    expect(session.token()).toBe('tok-9');
    expect(session.pinToken()).toEqual({ token: 'pin-9', email: 'ada@example.com' });
    expect(session.user()?.permissions).toEqual(['home_show']);
  });

  it.each([
    ['/app/activity/meetings/17#_4', '/app/activity/meetings/17#_4'],
    ['/app/activity/meetings/17#_decision-4', '/app/activity/meetings/17#_decision-4'],
    ['https://evil.example/app/x', '/'],
    ['//evil.example/app/x', '/'],
    ['/auth/reset-password', '/'],
  ])('success with ?next=%s goes to %s (a same-origin /app/ path only)', async (next, target) => {
    window.history.pushState({}, '', `/auth/login?next=${encodeURIComponent(next)}`);
    installFetch(
      orgPublic(),
      on('POST', '/api/login', () => jsonResponse(200, aLoginAnswer({ token: 'tok-9' }))),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody(['home_show'], { name: 'Ada' }))),
    );
    renderWithApp(<LoginPage />, { path: `/auth/login?next=${encodeURIComponent(next)}` });
    type('login-email', 'ada@example.com');
    type('login-password', 'Secret#123');
    click('login-submit');
    await waitFor(() => expect(location()).toBe(target.replace(/#.*$/, '')));
  });

  it('a two_factor answer asks for the code (6 digits) and sends it with the log_token', async () => {
    let twoFactorCall: Call | undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/login', () => jsonResponse(200, aLoginAnswer({ token: null, log_token: 'log-1', two_factor: true, role: null, message: 'Enter the code' }))),
      on('POST', '/api/two_auth_factor', (c) => {
        twoFactorCall = c;
        return jsonResponse(200, aLoginAnswer({ token: 'tok-2' }));
      }),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody([], { name: 'Ada' }))),
    );
    renderWithApp(<LoginPage />);
    type('login-email', 'ada@example.com');
    type('login-password', 'Secret#123');
    click('login-submit');
    expect(await screen.findByTestId('two-factor-form')).toBeInTheDocument();
    click('two-factor-submit');
    expect(await errorOf('two-factor-code')).toHaveTextContent('This field is required.');
    type('two-factor-code', '12');
    expect(await errorOf('two-factor-code')).toHaveTextContent('The code must be 6 digits.');
    type('two-factor-code', '123456');
    click('two-factor-submit');
    await waitFor(() => expect(session.token()).toBe('tok-2'));
    expect(twoFactorCall?.body).toEqual({ code: '123456', log_token: 'log-1' });
  });
});

describe('sign in with a PIN', () => {
  const pinMode = () => fireEvent.click(screen.getByText('PIN'));

  it('needs a previous password sign-in on this device', async () => {
    installFetch(orgPublic());
    renderWithApp(<LoginPage />);
    pinMode();
    expect(await screen.findByTestId('pin-unavailable')).toBeInTheDocument();
  });

  it('the PIN is 5 digits; status 1 signs in', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pinToken, JSON.stringify({ token: 'pin-9', email: 'ada@example.com' }));
    let pinCall: Call | undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/token_login', (c) => {
        pinCall = c;
        return jsonResponse(200, aLoginAnswer({ token: 'tok-3' }));
      }),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody([], { name: 'Ada' }))),
    );
    renderWithApp(<LoginPage />);
    pinMode();
    click('pin-submit');
    expect(await errorOf('login-pin')).toHaveTextContent(REQUIRED);
    type('login-pin', '1234');
    expect(await errorOf('login-pin')).toHaveTextContent('The PIN must be 5 digits.');
    type('login-pin', '12a45');
    expect(await errorOf('login-pin')).toHaveTextContent('The PIN must be 5 digits.');
    type('login-pin', '12345');
    click('pin-submit');
    await waitFor(() => expect(session.token()).toBe('tok-3'));
    expect(pinCall?.body).toEqual({ bin_code: '12345', token: 'pin-9' });
  });

  it('a status other than 1 (2: the e-mail is not verified) is a failure with the server message', async () => {
    window.localStorage.setItem(STORAGE_KEYS.pinToken, JSON.stringify({ token: 'pin-9', email: 'ada@example.com' }));
    installFetch(orgPublic(), on('POST', '/api/token_login', () => jsonResponse(200, aLoginAnswer({ status: 2, token: null, role: null, message: 'Please verify your e-mail address.' }))));
    renderWithApp(<LoginPage />);
    pinMode();
    type('login-pin', '12345');
    click('pin-submit');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Please verify your e-mail address.');
    expect(session.token()).toBeNull();
  });
});

describe('forgot password, check e-mail, reset, verify, complete profile, SSO', () => {
  it('forgot password: e-mail required and valid, then the check-e-mail page', async () => {
    let call: Call | undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/forget_password', (c) => {
        call = c;
        return jsonResponse(200, answerOf(Routes.forgotPassword, null, 'sent'));
      }),
    );
    renderWithApp(<ForgotPasswordPage />);
    click('forgot-submit');
    expect(await errorOf('forgot-email')).toHaveTextContent(REQUIRED);
    type('forgot-email', 'ada@');
    expect(await errorOf('forgot-email')).toHaveTextContent(BAD_EMAIL);
    type('forgot-email', 'ada@example.com');
    click('forgot-submit');
    await waitFor(() => expect(location()).toBe('/auth/check-email?email=ada%40example.com'));
    expect(call?.body).toEqual({ email: 'ada@example.com' });
  });

  it('check e-mail: the resend link sends the e-mail again', async () => {
    const calls = installFetch(orgPublic(), on('POST', '/api/forget_password', () => jsonResponse(200, { success: true, data: null })));
    renderWithApp(<CheckEmailPage />, { path: '/auth/check-email?email=ada%40example.com' });
    expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
    click('resend-email');
    expect(await screen.findByText('The link was sent again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/forget_password')).toHaveLength(1);
  });

  it('reset password: 8+ characters, a capital, a special character, retyped', async () => {
    let call: Call | undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/reset_password', (c) => {
        call = c;
        return jsonResponse(200, answerOf(Routes.resetPassword, null, 'Your password has been reset.'));
      }),
    );
    renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password?token=t1&email=ada%40example.com' });
    click('reset-submit');
    expect(await errorOf('reset-password')).toHaveTextContent(REQUIRED);
    expect(await errorOf('reset-password-confirmation')).toHaveTextContent(REQUIRED);
    type('reset-password', 'Ab#1');
    expect(await errorOf('reset-password')).toHaveTextContent('The password must be at least 8 characters.');
    type('reset-password', 'abcdefg#');
    expect(await errorOf('reset-password')).toHaveTextContent('The password must contain at least one capital letter.');
    type('reset-password', 'Abcdefgh');
    expect(await errorOf('reset-password')).toHaveTextContent('The password must contain at least one special character.');
    type('reset-password', 'Abcdefg#');
    type('reset-password-confirmation', 'Abcdefg!');
    expect(await errorOf('reset-password-confirmation')).toHaveTextContent('Mismatched password');
    await waitFor(() => expect(screen.queryByTestId('reset-password-error')).toBeNull());
    type('reset-password-confirmation', 'Abcdefg#');
    click('reset-submit');
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(call?.body).toEqual({ token: 't1', email: 'ada@example.com', password: 'Abcdefg#', password_confirmation: 'Abcdefg#' });
  });

  it('reset password without token and e-mail explains the link is incomplete', () => {
    installFetch(orgPublic());
    renderWithApp(<ResetPasswordPage />, { path: '/auth/reset-password' });
    expect(screen.getByTestId('reset-invalid')).toBeInTheDocument();
  });

  it('verify e-mail posts token and e-mail', async () => {
    let call: Call | undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/auth_verification', (c) => {
        call = c;
        return jsonResponse(200, answerOf(Routes.verifyEmail, null, 'Your e-mail has been verified.'));
      }),
    );
    renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email?token=v1&email=ada%40example.com' });
    expect(await screen.findByTestId('verify-done')).toHaveTextContent('Your e-mail has been verified.');
    expect(call?.body).toEqual({ token: 'v1', email: 'ada@example.com' });
  });

  it('verify e-mail: while the link is checked, the one progressbar on the page has a name', async () => {
    let answer: (r: ReturnType<typeof jsonResponse>) => void = () => undefined;
    installFetch(
      orgPublic(),
      on('POST', '/api/auth_verification', () => new Promise((resolve) => { answer = resolve; })),
    );
    renderWithApp(<VerifyEmailPage />, { path: '/auth/verify-email?token=v1&email=ada%40example.com' });
    const bars = await screen.findAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveAccessibleName('Checking your link…');
    answer(jsonResponse(200, answerOf(Routes.verifyEmail, null, 'Your e-mail has been verified.')));
    expect(await screen.findByTestId('verify-done')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('complete profile: password rules and retype', async () => {
    let call: Call | undefined;
    installFetch(
      orgPublic(),
      on('GET', '/api/namebytoken/i1', () => jsonResponse(200, nameAnswer('Ada Lovelace'))),
      on('POST', '/api/complete_profile', (c) => {
        call = c;
        return jsonResponse(200, answerOf(Routes.completeProfile, null));
      }),
    );
    renderWithApp(<CompleteProfilePage />, { path: '/auth/complete-profile?token=i1&email=ada%40example.com' });
    expect(await screen.findByText(/Ada Lovelace/)).toBeInTheDocument();
    type('complete-password', 'short');
    click('complete-submit');
    expect(await errorOf('complete-password')).toHaveTextContent('The password must be at least 8 characters.');
    expect(await errorOf('complete-password-confirmation')).toHaveTextContent(REQUIRED);
    type('complete-password', 'Abcdefg#');
    type('complete-password-confirmation', 'Abcdefg');
    expect(await errorOf('complete-password-confirmation')).toHaveTextContent('Mismatched password');
    type('complete-password-confirmation', 'Abcdefg#');
    click('complete-submit');
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(call?.body).toEqual({ token: 'i1', email: 'ada@example.com', password: 'Abcdefg#', password_confirmation: 'Abcdefg#' });
  });

  it('SSO: e-mail required and valid; multipart check; exchange of the secret signs in', async () => {
    const calls = installFetch(
      orgPublic(),
      on('POST', '/api/sso/check', () => jsonResponse(200, { success: true, sso: false, url: null, data: { sso: false, provider: null, url: null } } satisfies RouteData<typeof Routes.ssoCheck>)),
    );
    renderWithApp(<SsoPage />, { path: '/auth/sso' });
    click('sso-submit');
    expect(await errorOf('sso-email')).toHaveTextContent(REQUIRED);
    type('sso-email', 'nope');
    expect(await errorOf('sso-email')).toHaveTextContent(BAD_EMAIL);
    type('sso-email', 'ada@example.com');
    click('sso-submit');
    expect(await screen.findByTestId('form-error')).toHaveTextContent('Single sign-on is not set up for this e-mail.');
    expect(calls.find((c) => c.path === '/api/sso/check')?.body).toEqual({ email: 'ada@example.com' });
  });

  it('SSO keeps the page opened before signing in: the link carries ?next=, the provider round trip returns to it', async () => {
    installFetch(
      orgPublic(),
      on('POST', '/api/sso/check', () => jsonResponse(200, { success: true, sso: true, url: 'https://idp.example/authorize', data: { sso: true, provider: 'oidc', url: 'https://idp.example/authorize' } } satisfies RouteData<typeof Routes.ssoCheck>)),
      on('POST', '/api/sso/exchange', () => jsonResponse(200, aLoginAnswer({ token: 'tok-sso-next' }))),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody([], { name: 'Ada' }))),
    );
    const next = '/app/activity/meetings/17';
    const page = renderWithApp(<LoginPage />, { path: `/auth/login?next=${encodeURIComponent(next)}` });
    expect(screen.getByTestId('sso-link').getAttribute('href')).toBe(`/auth/sso?next=${encodeURIComponent(next)}`);
    page.unmount();
    // the SSO page keeps it before it leaves for the provider (jsdom does not navigate: it reports so on console.error)
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sso = renderWithApp(<SsoPage />, { path: `/auth/sso?next=${encodeURIComponent(next)}` });
    type('sso-email', 'ada@example.com');
    click('sso-submit');
    await waitFor(() => expect(window.sessionStorage.getItem('sso-return-path')).toBe(next));
    sso.unmount();
    quiet.mockRestore();
    // only a safe path is kept
    rememberReturnPath('//evil.example/app/x');
    expect(window.sessionStorage.getItem('sso-return-path')).toBeNull();
    rememberReturnPath(next);
    // the provider sends the browser back without the ?next=
    renderWithApp(<LoginPage />, { path: '/auth/login?secret=s4' });
    await waitFor(() => expect(location()).toBe(next));
    // kept once: a later sign-in goes to the root
    expect(window.sessionStorage.getItem('sso-return-path')).toBeNull();
  });

  it('SSO callback (/auth/login?secret=): POST /api/sso/exchange with the secret', async () => {
    const calls = installFetch(
      orgPublic(),
      on('POST', '/api/sso/exchange', () => jsonResponse(200, aLoginAnswer({ token: 'tok-sso' }))),
      on('GET', '/api/profile', () => jsonResponse(200, profileBody([], { name: 'Ada' }))),
    );
    renderWithApp(<LoginPage />, { path: '/auth/login?secret=s3' });
    await waitFor(() => expect(session.token()).toBe('tok-sso'));
    expect(calls.find((c) => c.path === '/api/sso/exchange')?.body).toEqual({ secret: 's3' });
  });
});

describe('the e-mailed password links (reset password, complete profile)', () => {
  it.each([
    ['reset', ResetPasswordPage, '/api/reset_password', '/auth/reset-password'],
    ['complete', CompleteProfilePage, '/api/complete_profile', '/auth/complete-profile'],
  ] as const)("%s: the server's message stays on the form; the page does not move", async (prefix, Page, endpoint, path) => {
    installFetch(
      orgPublic(),
      on('GET', '/api/namebytoken/x1', () => jsonResponse(200, nameAnswer('Ada'))),
      on('POST', endpoint, () => jsonResponse(400, { success: false, message: 'This password reset token is invalid.' })),
    );
    renderWithApp(<Page />, { path: `${path}?token=x1&email=ada%40example.com` });
    expect(screen.getByLabelText(/^Retype password/)).toHaveAttribute('autocomplete', 'new-password');
    type(`${prefix}-password`, 'Abcdefg#');
    type(`${prefix}-password-confirmation`, 'Abcdefg#');
    click(`${prefix}-submit`);
    expect(await screen.findByTestId('form-error')).toHaveTextContent('This password reset token is invalid.');
    expect(location()).toBe(`${path}?token=x1&email=ada%40example.com`);
  });

  it('complete profile without token and e-mail explains the link is incomplete', () => {
    installFetch(orgPublic());
    renderWithApp(<CompleteProfilePage />, { path: '/auth/complete-profile?token=x1' });
    expect(screen.getByTestId('complete-invalid')).toBeInTheDocument();
  });
});

describe("the e-mail forms show the server's message (forgot password, SSO)", () => {
  it.each([
    ['forgot', ForgotPasswordPage, '/api/forget_password', '/auth/forgot-password'],
    ['sso', SsoPage, '/api/sso/check', '/auth/sso'],
  ] as const)('%s: a failed request leaves the message above the field', async (prefix, Page, endpoint, path) => {
    installFetch(
      orgPublic(),
      on('POST', endpoint, () => jsonResponse(400, { success: false, message: "We can't find a user with that email address." })),
    );
    renderWithApp(<Page />, { path });
    type(`${prefix}-email`, 'ada@example.com');
    click(`${prefix}-submit`);
    expect(await screen.findByTestId('form-error')).toHaveTextContent("We can't find a user with that email address.");
    expect(location()).toBe(path);
  });
});
