import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useTranslation } from 'react-i18next';
import { login, pinLogin, PIN_SUCCESS_STATUS, twoFactorLogin, type LoginAnswer } from '../../api/auth';
import { OTHER_ERROR } from '../../api/client';
import { session } from '../../api/session';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { useMessage } from '../../i18n';
import { pinLoginFields, twoFactorLoginFields, zLoginBody } from '@app/contracts';
import { fieldRule, rules, schemaValidator, validateWith } from '../../lib/validation';
import { NEXT_PARAM } from '../../lib/return-path';
import { ROUTES } from '../../routes';
import { errorText } from './common';
import { SsoExchange } from './SsoPage';
import { useCompleteSignIn } from './use-sign-in';

type Mode = 'password' | 'pin';

/** Sign-in: e-mail required and valid, password required (zLoginBody). */
export const validateLogin = schemaValidator<{ email: string; password: string }>(zLoginBody);

function PasswordForm(props: { onTwoFactor: (email: string, logToken: string) => void }) {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const complete = useCompleteSignIn();
  const [params] = useSearchParams();
  const next = params.get(NEXT_PARAM);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ email: '', password: '' }, validateLogin);

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    let r: LoginAnswer;
    try {
      r = await login({ email: v.email.trim(), password: v.password });
    } catch (e) {
      setError(errorText(e));
      return;
    }
    const outcome = await complete(r, v.email.trim(), { allowTwoFactor: true });
    if (outcome === 'two-factor') props.onTwoFactor(r.email || v.email.trim(), r.log_token ?? '');
    if (outcome === 'failed') setError(r.message || OTHER_ERROR);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="login-form" id="login-form">
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="login-error" />}
      <Field id="login-email" label={t('field.email')} error={form.errors.email} required>
        <InputText
          id="login-email"
          data-testid="login-email"
          type="email"
          autoComplete="username"
          value={form.values.email}
          onChange={(e) => form.set('email', e.target.value)}
          invalid={!!form.errors.email}
          aria-describedby={form.errors.email ? 'login-email-error' : undefined}
        />
      </Field>
      <Field id="login-password" label={t('field.password')} error={form.errors.password} required>
        <InputText
          id="login-password"
          data-testid="login-password"
          type="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(e) => form.set('password', e.target.value)}
          invalid={!!form.errors.password}
        />
      </Field>
      <div className="form-row form-row--between">
        <Link to={ROUTES.forgotPassword} data-testid="forgot-password-link">
          {t('login.forgot')}
        </Link>
        <Link to={next ? `${ROUTES.sso}?${NEXT_PARAM}=${encodeURIComponent(next)}` : ROUTES.sso} data-testid="sso-link">
          {t('login.sso')}
        </Link>
      </div>
      <Button type="submit" label={t('login.submit')} loading={form.submitting} className="w-full" data-testid="login-submit" id="login-submit" />
    </form>
  );
}

/** PIN: 5 digits */
export const validatePinLogin = validateWith<{ pin: string }>({ pin: [rules.required, fieldRule(pinLoginFields.bin_code)] });

function PinForm() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const complete = useCompleteSignIn();
  const pinToken = session.pinToken();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ pin: '' }, validatePinLogin);

  const submit = form.handleSubmit(async (v) => {
    if (!pinToken) return;
    setError(null);
    let r: LoginAnswer;
    try {
      r = await pinLogin({ bin_code: v.pin, token: pinToken.token });
    } catch (e) {
      setError(errorText(e));
      return;
    }
    // PIN sign-in is successful when status is 1 (docs/product/sign-in.md#sessions-sign-out-and-idle-logout)
    if (r.status !== PIN_SUCCESS_STATUS || !r.token) {
      setError(r.message || OTHER_ERROR);
      return;
    }
    await complete({ ...r, pin_token: r.pin_token ?? pinToken.token }, r.email || pinToken.email);
  });

  if (!pinToken) return <Message severity="info" text={t('pin.unavailable')} className="form-message" data-testid="pin-unavailable" />;
  return (
    <form onSubmit={submit} noValidate data-testid="pin-form">
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="login-error" />}
      <p className="muted">{t('pin.as', { email: pinToken.email })}</p>
      <Field id="login-pin" label={t('field.pin')} error={form.errors.pin} required>
        <InputText
          id="login-pin"
          data-testid="login-pin"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          value={form.values.pin}
          onChange={(e) => form.set('pin', e.target.value)}
          invalid={!!form.errors.pin}
        />
      </Field>
      <Button type="submit" label={t('login.submit')} loading={form.submitting} className="w-full" data-testid="pin-submit" />
    </form>
  );
}

export const validateTwoFactorCode = validateWith<{ code: string }>({ code: [rules.required, fieldRule(twoFactorLoginFields.code)] });

function TwoFactorForm(props: { email: string; logToken: string; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const complete = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ code: '' }, validateTwoFactorCode);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    let r: LoginAnswer;
    try {
      r = await twoFactorLogin({ code: v.code.trim(), log_token: props.logToken });
    } catch (e) {
      setError(errorText(e));
      return;
    }
    const outcome = await complete(r, props.email);
    if (outcome === 'failed') setError(r.message || OTHER_ERROR);
  });
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-form">
      <h2 className="auth-card__title">{t('twoFactor.title')}</h2>
      <p className="muted">{t('twoFactor.text')}</p>
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="login-error" />}
      <Field id="two-factor-code" label={t('field.code')} error={form.errors.code} required>
        <InputText
          id="two-factor-code"
          data-testid="two-factor-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.values.code}
          onChange={(e) => form.set('code', e.target.value)}
          invalid={!!form.errors.code}
        />
      </Field>
      <Button type="submit" label={t('twoFactor.submit')} loading={form.submitting} className="w-full" data-testid="two-factor-submit" />
      <Button type="button" link label={t('common.back')} onClick={props.onCancel} className="w-full" />
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('password');
  const [twoFactor, setTwoFactor] = useState<{ email: string; logToken: string } | null>(null);
  const secret = params.get('secret');

  if (secret) return <SsoExchange secret={secret} />;
  if (twoFactor) return <TwoFactorForm email={twoFactor.email} logToken={twoFactor.logToken} onCancel={() => setTwoFactor(null)} />;
  return (
    <div data-testid="login-page">
      <h1 className="auth-card__title">{t('login.title')}</h1>
      <SelectButton
        className="auth-card__modes"
        value={mode}
        onChange={(e) => e.value && setMode(e.value as Mode)}
        options={[
          { label: t('login.withPassword'), value: 'password' },
          { label: t('login.withPin'), value: 'pin' },
        ]}
        data-testid="login-mode"
      />
      {mode === 'password' ? <PasswordForm onTwoFactor={(email, logToken) => setTwoFactor({ email, logToken })} /> : <PinForm />}
      <p className="auth-footer">
        <Link to={ROUTES.verifySeal} data-testid="verify-seal-link">
          <i className="pi pi-shield" aria-hidden="true" /> {t('link', { ns: 'verify' })}
        </Link>
      </p>
    </div>
  );
}
