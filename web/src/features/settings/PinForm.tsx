import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { notify } from '../../api/notify';
import { setPin } from '../../api/profile';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { zSetPinBody } from '@app/contracts';
import { rules, schemaValidator } from '../../lib/validation';

type Values = { pin: string; pin_confirmation: string };
const EMPTY: Values = { pin: '', pin_confirmation: '' };

/** PIN: 5 digits, retyped (docs/product/errors.md#validation-rules). */
export const validatePin = schemaValidator<Values>(zSetPinBody, (v) => v, (v) => ({ pin: rules.required(v.pin) ?? undefined }));

export function PinForm(props: { onSaved?: () => void }) {
  const { t } = useTranslation('profile');
  const form = useForm<Values>(EMPTY, validatePin);
  const submit = form.handleSubmit(async (v) => {
    const message = await setPin(v);
    notify('success', message ?? t('pin.saved'));
    form.reset(EMPTY);
    props.onSaved?.();
  });
  return (
    <form onSubmit={submit} noValidate data-testid="pin-form">
      <div className="form-grid">
        <Field id="pin" label={t('pin.pin')} error={form.errors.pin} required>
          <InputText id="pin" data-testid="pin" type="password" inputMode="numeric" maxLength={5} autoComplete="off" value={form.values.pin} onChange={(e) => form.set('pin', e.target.value)} invalid={!!form.errors.pin} />
        </Field>
        <Field id="pin-confirmation" label={t('pin.retype')} error={form.errors.pin_confirmation} required>
          <InputText
            id="pin-confirmation"
            data-testid="pin-confirmation"
            type="password"
            inputMode="numeric"
            maxLength={5}
            autoComplete="off"
            value={form.values.pin_confirmation}
            onChange={(e) => form.set('pin_confirmation', e.target.value)}
            invalid={!!form.errors.pin_confirmation}
          />
        </Field>
      </div>
      <Button type="submit" label={t('pin.submit')} loading={form.submitting} data-testid="pin-submit" />
    </form>
  );
}
