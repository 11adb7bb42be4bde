import { useSearchParams } from 'react-router-dom';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { zResetPasswordBody } from '@app/contracts';
import { Field } from '../../components/Field';
import { schemaValidator } from '../../lib/validation';
import { useAuthForm } from './common';

/** The screens opened from an e-mailed link (reset password, complete profile) choose a new password the same way. */
export type NewPasswordValues = { password: string; password_confirmation: string };
export type NewPasswordBody = NewPasswordValues & { token: string; email: string };

/** New password: 8+ characters with a capital and a special character; retyped ('Mismatched password'). */
export const validateNewPassword = schemaValidator<NewPasswordValues>(zResetPasswordBody, (v) => ({ ...v, token: 'link', email: 'link@example.com' }));

/** The link's ?token&email and the password form (the server's message shows when `send` fails). */
export function useNewPasswordLink(send: (body: NewPasswordBody) => Promise<void>) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const { form, error, submit } = useAuthForm<NewPasswordValues>({ password: '', password_confirmation: '' }, validateNewPassword, (v) => send({ token, email, ...v }));
  return { token, email, error, form, submit };
}

/** The password (with its rules as a hint) and its retype; ids `<prefix>-password` and `<prefix>-password-confirmation`. */
export function NewPasswordFields(props: { prefix: string; label: string; form: ReturnType<typeof useNewPasswordLink>['form'] }) {
  const { t } = useTranslation('auth');
  const { form } = props;
  const input = (key: keyof NewPasswordValues, id: string) => (
    <InputText id={id} data-testid={id} type="password" autoComplete="new-password" value={form.values[key]} onChange={(e) => form.set(key, e.target.value)} invalid={!!form.errors[key]} />
  );
  return (
    <>
      <Field id={`${props.prefix}-password`} label={props.label} error={form.errors.password} required hint={t('hint.password')}>
        {input('password', `${props.prefix}-password`)}
      </Field>
      <Field id={`${props.prefix}-password-confirmation`} label={t('field.retypePassword')} error={form.errors.password_confirmation} required>
        {input('password_confirmation', `${props.prefix}-password-confirmation`)}
      </Field>
    </>
  );
}
