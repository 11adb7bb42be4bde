import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { twoFactorCodeFields, zTwoFactorDisableBody } from '@app/contracts';
import { ApiError, OTHER_ERROR } from '../../api/client';
import { notify } from '../../api/notify';
import { twoFactorApi, type TwoFactorSetup } from '../../api/profile';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { useMessage } from '../../i18n';
import { fieldRule, rules, schemaValidator, validateWith } from '../../lib/validation';

export const validateTwoFactorEnable = validateWith<{ code: string }>({ code: [rules.required, fieldRule(twoFactorCodeFields.code)] });
export const validateTwoFactorDisable = schemaValidator<{ password: string }>(zTwoFactorDisableBody);

/** Two-factor failures say 'Something went wrong' (docs/product/errors.md#the-catalogue). */
function useFail() {
  const m = useMessage();
  return (e: unknown) => {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return;
    notify('error', m(OTHER_ERROR));
  };
}

function EnableForm(props: { setup: TwoFactorSetup; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const fail = useFail();
  const form = useForm({ code: '' }, validateTwoFactorEnable);
  const submit = form.handleSubmit(async (v) => {
    try {
      notify('success', (await twoFactorApi.enable(v.code.trim())) ?? t('twoFactor.activated'));
      props.onDone();
    } catch (e) {
      fail(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-enable-form">
      <p>{t('twoFactor.scan')}</p>
      <p>
        <a href={props.setup.otpauth_url}>{t('twoFactor.openApp')}</a>
      </p>
      <p>
        {t('twoFactor.secret')} <code className="secret">{props.setup.secret}</code>
      </p>
      <Field id="two-factor-enable-code" label={t('twoFactor.code')} error={form.errors.code} required>
        <InputText id="two-factor-enable-code" data-testid="two-factor-enable-code" inputMode="numeric" autoComplete="one-time-code" value={form.values.code} onChange={(e) => form.set('code', e.target.value)} invalid={!!form.errors.code} />
      </Field>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={t('twoFactor.enable')} loading={form.submitting} data-testid="two-factor-enable-submit" />
      </div>
    </form>
  );
}

function DisableForm(props: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const fail = useFail();
  const form = useForm({ password: '' }, validateTwoFactorDisable);
  const submit = form.handleSubmit(async (v) => {
    try {
      notify('success', (await twoFactorApi.disable(v.password)) ?? t('twoFactor.notActivated'));
      props.onDone();
    } catch (e) {
      fail(e);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-disable-form">
      <Field id="two-factor-password" label={t('password.current')} error={form.errors.password} required>
        <InputText id="two-factor-password" data-testid="two-factor-password" type="password" autoComplete="current-password" value={form.values.password} onChange={(e) => form.set('password', e.target.value)} invalid={!!form.errors.password} />
      </Field>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={t('twoFactor.disable')} severity="danger" loading={form.submitting} data-testid="two-factor-disable-submit" />
      </div>
    </form>
  );
}

/** Two-factor on/off (the profile's `two_factor` flag says which). */
export function TwoFactorCard(props: { enabled: boolean; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const fail = useFail();
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'enable'; setup: TwoFactorSetup } | { kind: 'disable' } | null>(null);
  const close = () => setDialog(null);
  const done = () => {
    close();
    props.onChanged();
  };
  const toggle = async () => {
    if (props.enabled) return setDialog({ kind: 'disable' });
    setBusy(true);
    try {
      setDialog({ kind: 'enable', setup: await twoFactorApi.setup() });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('twoFactor.title')} subTitle={t('twoFactor.text')}>
      <div className="form-row">
        <InputSwitch inputId="two-factor" data-testid="two-factor-switch" checked={props.enabled} disabled={busy} onChange={() => void toggle()} />
        <label htmlFor="two-factor">{props.enabled ? t('twoFactor.on') : t('twoFactor.off')}</label>
      </div>
      <Dialog visible={dialog !== null} onHide={close} header={t('twoFactor.title')} style={{ width: 'min(480px, 95vw)' }}>
        {dialog?.kind === 'enable' && <EnableForm setup={dialog.setup} onDone={done} onCancel={close} />}
        {dialog?.kind === 'disable' && <DisableForm onDone={done} onCancel={close} />}
      </Dialog>
    </Card>
  );
}
