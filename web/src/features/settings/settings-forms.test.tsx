import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../../App';
import { registerNavigator } from '../../api/navigation';
import { onNotify, type Notice } from '../../api/notify';
import { Routes, type RouteData } from '@app/contracts';
import { session } from '../../api/session';
import { aProfile, answerOf } from '../../test/contract-fixtures';
import { installFetch, jsonResponse, on, type Call } from '../../test/fetch';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EditProfileForm } from './EditProfilePage';
import { PinForm } from './PinForm';
import { TwoFactorCard } from './TwoFactorCard';

const REQUIRED = 'This field is required.';
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));
const errorOf = (id: string) => screen.findByTestId(`${id}-error`);

let notices: Notice[];
let stop: () => void = () => undefined;
afterEach(() => stop());
beforeEach(() => {
  window.localStorage.clear();
  window.history.pushState({}, '', '/app/settings/profile');
  session.signIn({ token: 'tok', email: 'ada@example.com' });
  registerNavigator(jest.fn());
  notices = [];
  stop = onNotify((n) => notices.push(n));
});

describe('change password', () => {
  it('current, new and retype are required; the new one follows the password rule; retype must match', async () => {
    let call: Call | undefined;
    installFetch(
      on('POST', '/api/change_password', (c) => {
        call = c;
        return jsonResponse(200, answerOf(Routes.changePassword, null, 'Password changed successfully.'));
      }),
    );
    render(
      <Providers>
        <ChangePasswordForm />
      </Providers>,
    );
    click('change-password-submit');
    expect(await errorOf('current-password')).toHaveTextContent(REQUIRED);
    expect(await errorOf('new-password')).toHaveTextContent(REQUIRED);
    expect(await errorOf('retype-password')).toHaveTextContent(REQUIRED);
    type('new-password', 'password');
    expect(await errorOf('new-password')).toHaveTextContent('The password must contain at least one capital letter.');
    type('new-password', 'Password1');
    expect(await errorOf('new-password')).toHaveTextContent('The password must contain at least one special character.');
    type('new-password', 'Pass#1');
    expect(await errorOf('new-password')).toHaveTextContent('The password must be at least 8 characters.');
    type('current-password', 'Old#pass1');
    type('new-password', 'Password#1');
    type('retype-password', 'Password#2');
    expect(await errorOf('retype-password')).toHaveTextContent('Mismatched password');
    type('retype-password', 'Password#1');
    click('change-password-submit');
    await waitFor(() => expect(call?.body).toEqual({ current_password: 'Old#pass1', password: 'Password#1', password_confirmation: 'Password#1' }));
    await waitFor(() => expect(notices.at(-1)).toMatchObject({ severity: 'success', summary: 'Password changed successfully.' }));
  });
});

describe('PIN', () => {
  it('5 digits, retyped', async () => {
    let call: Call | undefined;
    installFetch(
      on('POST', '/api/pin', (c) => {
        call = c;
        return jsonResponse(200, answerOf(Routes.setPin, null));
      }),
    );
    render(
      <Providers>
        <PinForm />
      </Providers>,
    );
    click('pin-submit');
    expect(await errorOf('pin')).toHaveTextContent(REQUIRED);
    expect(await errorOf('pin-confirmation')).toHaveTextContent(REQUIRED);
    type('pin', '123');
    expect(await errorOf('pin')).toHaveTextContent('The PIN must be 5 digits.');
    type('pin', 'abcde');
    expect(await errorOf('pin')).toHaveTextContent('The PIN must be 5 digits.');
    type('pin', '12345');
    type('pin-confirmation', '12346');
    expect(await errorOf('pin-confirmation')).toHaveTextContent('Mismatched PIN');
    type('pin-confirmation', '12345');
    click('pin-submit');
    await waitFor(() => expect(call?.body).toEqual({ pin: '12345', pin_confirmation: '12345' }));
  });
});

describe('edit profile', () => {
  const profile = aProfile({ id: 1, name: 'Ada', email: 'ada@example.com', phone: '123456', position: 'Chair', designation: '' });

  it('name, phone and e-mail are required; phone digits only, at most 12', async () => {
    render(
      <Providers>
        <EditProfileForm profile={profile} onSaved={jest.fn()} />
      </Providers>,
    );
    type('profile-name', ' ');
    type('profile-email', '');
    type('profile-phone', '');
    click('edit-profile-submit');
    expect(await errorOf('profile-name')).toHaveTextContent(REQUIRED);
    expect(await errorOf('profile-email')).toHaveTextContent(REQUIRED);
    expect(await errorOf('profile-phone')).toHaveTextContent(REQUIRED);
    type('profile-phone', '+44 123');
    expect(await errorOf('profile-phone')).toHaveTextContent('The phone must contain digits only.');
    type('profile-phone', '1234567890123');
    expect(await errorOf('profile-phone')).toHaveTextContent('The phone may not be greater than 12 digits.');
    type('profile-email', 'ada@');
    expect(await errorOf('profile-email')).toHaveTextContent('The email must be a valid email address.');
  });

  it("a refused edit says 'Error' / 'Validation error' and shows the server's field errors", async () => {
    installFetch(on('POST', '/api/profile', () => jsonResponse(409, { success: false, code: 'VALIDATION', message: 'Error in validation', errors: { email: ['The email has already been taken.'] } })));
    const onSaved = jest.fn();
    render(
      <Providers>
        <EditProfileForm profile={profile} onSaved={onSaved} />
      </Providers>,
    );
    click('edit-profile-submit');
    expect(await errorOf('profile-email')).toHaveTextContent('The email has already been taken.');
    expect(notices.at(-1)).toMatchObject({ severity: 'error', summary: 'Error', detail: 'Validation error' });
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('two-factor', () => {
  it('turning on: setup, then a 6-digit code', async () => {
    const calls = installFetch(
      on('POST', '/api/two_factor/setup', () => jsonResponse(200, { success: true, data: { secret: 'ABCDEF', otpauth_url: 'otpauth://totp/x?secret=ABCDEF', enabled: false } satisfies RouteData<typeof Routes.twoFactorSetup> })),
      on('POST', '/api/two_factor/enable', () => jsonResponse(200, { success: true, message: 'Two-factor authentication activated.', data: { two_factor: true } satisfies RouteData<typeof Routes.twoFactorEnable> })),
    );
    const onChanged = jest.fn();
    render(
      <Providers>
        <TwoFactorCard enabled={false} onChanged={onChanged} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('ABCDEF')).toBeInTheDocument();
    click('two-factor-enable-submit');
    expect(await errorOf('two-factor-enable-code')).toHaveTextContent(REQUIRED);
    type('two-factor-enable-code', '12345');
    expect(await errorOf('two-factor-enable-code')).toHaveTextContent('The code must be 6 digits.');
    type('two-factor-enable-code', '123456');
    click('two-factor-enable-submit');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/two_factor/enable')?.body).toEqual({ code: '123456' });
    expect(notices.at(-1)).toMatchObject({ severity: 'success', summary: 'Two-factor authentication activated.' });
  });

  it("a failure says 'Something went wrong.'", async () => {
    installFetch(on('POST', '/api/two_factor/setup', () => jsonResponse(500, {})));
    render(
      <Providers>
        <TwoFactorCard enabled={false} onChanged={jest.fn()} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(notices.at(-1)).toMatchObject({ severity: 'error', summary: 'Something went wrong.' }));
  });

  it('turning off asks for the password', async () => {
    render(
      <Providers>
        <TwoFactorCard enabled onChanged={jest.fn()} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('switch'));
    await screen.findByTestId('two-factor-disable-submit');
    click('two-factor-disable-submit');
    expect(await errorOf('two-factor-password')).toHaveTextContent(REQUIRED);
  });
});
