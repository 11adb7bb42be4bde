import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../api/auth';
import { notify } from '../../api/notify';
import { useMessage } from '../../i18n';
import { ROUTES } from '../../routes';
import { NewPasswordFields, useNewPasswordLink } from './new-password';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const navigate = useNavigate();
  const { token, email, error, form, submit } = useNewPasswordLink(async (body) => {
    const message = await resetPassword(body);
    notify('success', message ?? t('reset.done'));
    navigate(ROUTES.login, { replace: true });
  });
  if (!token || !email) {
    return (
      <div className="auth-center" data-testid="reset-invalid">
        <Message severity="warn" text={t('reset.invalidLink')} className="form-message" />
        <Link to={ROUTES.forgotPassword}>{t('reset.requestNew')}</Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="reset-password-form">
      <h1 className="auth-card__title">{t('reset.title')}</h1>
      <p className="muted">{email}</p>
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="form-error" />}
      <NewPasswordFields prefix="reset" label={t('field.newPassword')} form={form} />
      <Button type="submit" label={t('reset.submit')} loading={form.submitting} className="w-full" data-testid="reset-submit" />
    </form>
  );
}
