import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { verifyEmail } from '../../api/auth';
import { useMessage } from '../../i18n';
import { ROUTES } from '../../routes';
import { Loading } from '../../components/Loading';
import { errorText } from './common';

type State = { kind: 'waiting' } | { kind: 'verifying' } | { kind: 'verified'; message: string | null } | { kind: 'error'; message: string };

/**
 * Without a token (sign-in answered status 2) the page asks the user to open the link in their inbox;
 * with ?token&email it verifies through POST /api/auth_verification.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'verifying' } : { kind: 'waiting' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail({ token, email })
      .then((message) => setState({ kind: 'verified', message }))
      .catch((e: unknown) => setState({ kind: 'error', message: errorText(e) }));
  }, [token, email]);

  return (
    <div className="auth-center" data-testid="verify-email-page">
      <i className="pi pi-envelope auth-center__icon" aria-hidden="true" />
      <h1 className="auth-card__title">{t('verify.title')}</h1>
      {state.kind === 'waiting' && <p>{email ? t('verify.sentTo', { email }) : t('verify.sent')}</p>}
      {state.kind === 'verifying' && <Loading label={t('verify.checking')} />}
      {state.kind === 'verified' && <Message severity="success" text={state.message ? m(state.message) : t('verify.done')} className="form-message" data-testid="verify-done" />}
      {state.kind === 'error' && <Message severity="error" text={m(state.message)} className="form-message" data-testid="form-error" />}
      <Link to={ROUTES.login}>{t('common.backToLogin')}</Link>
    </div>
  );
}
