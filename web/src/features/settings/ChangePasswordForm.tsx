import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import { changePassword } from '../../api/profile';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { zChangePasswordBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';

type Values = { current_password: string; password: string; password_confirmation: string };
const EMPTY: Values = { current_password: '', password: '', password_confirmation: '' };

/** Current, new and retype are required; the new one needs 8+ characters, a capital and a special character. */
export const validateChangePassword = schemaValidator<Values>(zChangePasswordBody);

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const form = useForm<Values>(EMPTY, validateChangePassword);
  const submit = form.handleSubmit(async (v) => {
    const message = await changePassword(v);
    notify('success', message ?? t('password.changed'));
    form.reset(EMPTY);
  });
  const input = (key: keyof Values, id: string, autoComplete: string) => (
    <InputText id={id} data-testid={id} type="password" autoComplete={autoComplete} value={form.values[key]} onChange={(e) => form.set(key, e.target.value)} invalid={!!form.errors[key]} />
  );
  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Field id="current-password" label={t('password.current')} error={form.errors.current_password} required>
        {input('current_password', 'current-password', 'current-password')}
      </Field>
      <Field id="new-password" label={t('password.new')} error={form.errors.password} required hint={t('password.hint')}>
        {input('password', 'new-password', 'new-password')}
      </Field>
      <Field id="retype-password" label={t('password.retype')} error={form.errors.password_confirmation} required>
        {input('password_confirmation', 'retype-password', 'new-password')}
      </Field>
      <Button type="submit" label={t('password.submit')} loading={form.submitting} data-testid="change-password-submit" />
    </form>
  );
}
