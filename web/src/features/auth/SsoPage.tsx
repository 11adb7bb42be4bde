import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';
import { zSsoCheckBody } from '@app/contracts';
import { ssoCheck, ssoExchange } from '../../api/auth';
import { OTHER_ERROR } from '../../api/client';
import { Field } from '../../components/Field';
import { useMessage } from '../../i18n';
import { schemaValidator } from '../../lib/validation';
import { NEXT_PARAM, rememberReturnPath } from '../../lib/return-path';
import { ROUTES } from '../../routes';
import { errorText, useAuthForm } from './common';
import { useCompleteSignIn } from './use-sign-in';

export const validateSso = schemaValidator<{ email: string }>(zSsoCheckBody);

/**
 * The identity provider sends the browser back to /auth/login?secret=...; the one-time secret is
 * exchanged by POST /api/sso/exchange for the same answer as a password sign-in.
 */
export function SsoExchange(props: { secret: string }) {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const complete = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    ssoExchange(props.secret)
      .then(async (r) => {
        const outcome = await complete(r, r.email);
        if (outcome === 'failed') setError(r.message || OTHER_ERROR);
      })
      .catch((e: unknown) => setError(errorText(e)));
  }, [props.secret, complete]);

  return (
    <div className="auth-center" data-testid="sso-exchanging">
      {error ? (
        <>
          <Message severity="error" text={m(error)} className="form-message" data-testid="form-error" />
          <Link to={ROUTES.login}>{t('common.backToLogin')}</Link>
        </>
      ) : (
        <>
          <ProgressSpinner aria-hidden="true" style={{ width: 32, height: 32 }} />
          <p role="status">{t('sso.signingIn')}</p>
        </>
      )}
    </div>
  );
}

/** Single sign-on: POST /api/sso/check {email} answers where the identity provider's sign-in starts. */
export function SsoPage() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  // the gateway sends a refused return from the provider here with the reason's code
  const [params] = useSearchParams();
  const refused = params.get('error');
  const { form, error, submit } = useAuthForm({ email: '' }, validateSso, async (v) => {
    const r = await ssoCheck(v.email.trim());
    if (r.sso && r.url) {
      // the provider returns to /auth/login?secret=...: the page opened before signing in goes with this tab
      rememberReturnPath(params.get(NEXT_PARAM));
      window.location.assign(r.url);
    }
    else return t('sso.notEnabled');
  });

  return (
    <form onSubmit={submit} noValidate data-testid="sso-form">
      <h1 className="auth-card__title">{t('sso.title')}</h1>
      <p className="muted">{t('sso.text')}</p>
      {refused && !error && <Message severity="error" text={t(`sso.error.${refused}`, { defaultValue: t('sso.failed') })} className="form-message" data-testid="sso-refused" />}
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="form-error" />}
      <Field id="sso-email" label={t('field.email')} error={form.errors.email} required>
        <InputText id="sso-email" data-testid="sso-email" type="email" value={form.values.email} onChange={(e) => form.set('email', e.target.value)} invalid={!!form.errors.email} />
      </Field>
      <Button type="submit" label={t('sso.submit')} loading={form.submitting} className="w-full" data-testid="sso-submit" />
      <div className="form-row form-row--center">
        <Link to={ROUTES.login}>{t('common.backToLogin')}</Link>
      </div>
    </form>
  );
}
