import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { completeProfile, nameByToken } from '../../api/auth';
import { notify } from '../../api/notify';
import { useMessage } from '../../i18n';
import { ROUTES } from '../../routes';
import { NewPasswordFields, useNewPasswordLink } from './new-password';

/** An invited user chooses a first password from the e-mail link (?token&email); this also verifies the e-mail. */
export function CompleteProfilePage() {
  const { t } = useTranslation('auth');
  const m = useMessage();
  const navigate = useNavigate();
  const [name, setName] = useState<string | null>(null);
  const { token, email, error, form, submit } = useNewPasswordLink(async (body) => {
    const message = await completeProfile(body);
    notify('success', message ? m(message) : t('complete.done'));
    navigate(`${ROUTES.login}`, { replace: true });
  });

  useEffect(() => {
    if (!token) return;
    nameByToken(token)
      .then(setName)
      // the greeting's name is a courtesy: without it the form still works
      .catch(() => undefined);
  }, [token]);

  if (!token || !email) {
    return (
      <div className="auth-center" data-testid="complete-invalid">
        <Message severity="warn" text={t('complete.invalidLink')} className="form-message" />
        <Link to={ROUTES.login}>{t('common.backToLogin')}</Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate data-testid="complete-profile-form">
      <h1 className="auth-card__title">{t('complete.title')}</h1>
      <p className="muted">{name ? t('complete.greeting', { name, email }) : email}</p>
      {error && <Message severity="error" text={m(error)} className="form-message" data-testid="form-error" />}
      <NewPasswordFields prefix="complete" label={t('field.password')} form={form} />
      <Button type="submit" label={t('complete.submit')} loading={form.submitting} className="w-full" data-testid="complete-submit" />
    </form>
  );
}
