import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { forgotPassword } from '../../api/auth';
import { useMessage } from '../../i18n';
import { ROUTES } from '../../routes';
import { errorText } from './common';

/** After "forgot password": check your inbox, with a resend link. */
export function CheckEmailPage() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      await forgotPassword(email);
      setState({ kind: 'sent' });
    } catch (e) {
      setState({ kind: 'error', message: errorText(e) });
    }
  };
  return (
    <div data-testid="check-email-page" className="auth-center">
      <i className="pi pi-envelope auth-center__icon" aria-hidden="true" />
      <h1 className="auth-card__title">{t('checkEmail.title')}</h1>
      <p>{email ? t('checkEmail.textTo', { email }) : t('checkEmail.text')}</p>
      {state.kind === 'sent' && <Message severity="success" text={t('checkEmail.resent')} className="form-message" />}
      {state.kind === 'error' && <Message severity="error" text={m(state.message)} className="form-message" />}
      {email && (
        <p>
          {t('checkEmail.notReceived')}{' '}
          <Button type="button" link label={t('checkEmail.resend')} onClick={resend} loading={state.kind === 'sending'} data-testid="resend-email" className="p-0" />
        </p>
      )}
      <Link to={ROUTES.login}>{t('common.backToLogin')}</Link>
    </div>
  );
}
