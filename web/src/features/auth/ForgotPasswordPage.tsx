import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { forgotPassword } from '../../api/auth';
import { Field } from '../../components/Field';
import { useMessage } from '../../i18n';
import { zForgotPasswordBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';
import { ROUTES } from '../../routes';
import { useAuthForm } from './common';

export const validateForgot = schemaValidator<{ email: string }>(zForgotPasswordBody);

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const navigate = useNavigate();
  const { form, error, submit } = useAuthForm({ email: '' }, validateForgot, async (v) => {
    await forgotPassword(v.email.trim());
    navigate(`${ROUTES.checkEmail}?email=${encodeURIComponent(v.email.trim())}`);
  });
  return (
    <form onSubmit={submit} noValidate data-testid="forgot-password-form">
      <h1 className="auth-card__title">{t('forgot.title')}</h1>
      <p className="muted">{t('forgot.text')}</p>
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="form-error" />}
      <Field id="forgot-email" label={t('field.email')} error={form.errors.email} required>
        <InputText id="forgot-email" data-testid="forgot-email" type="email" value={form.values.email} onChange={(e) => form.set('email', e.target.value)} invalid={!!form.errors.email} />
      </Field>
      <Button type="submit" label={t('forgot.submit')} loading={form.submitting} className="w-full" data-testid="forgot-submit" />
      <div className="form-row form-row--center">
        <Link to={ROUTES.login}>{t('common.backToLogin')}</Link>
      </div>
    </form>
  );
}
