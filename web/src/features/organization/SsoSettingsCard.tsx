import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldErrorMap } from '../../api/client';
import { notify } from '../../api/notify';
import { ssoApi, type SsoDiscovery, type SsoSettingsView } from '../../api/sso';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { useMessage } from '../../i18n';
import { useRoleOptions } from './pickers';

type Values = {
  enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string[];
  unknown_user: 'refuse' | 'create';
  create_role_id: number | null;
  two_factor: 'organization' | 'provider';
};

const fromView = (v: SsoSettingsView): Values => ({
  enabled: v.provider === 'oidc',
  issuer: v.issuer ?? '',
  client_id: v.client_id ?? '',
  client_secret: '',
  allowed_domains: v.allowed_domains,
  unknown_user: v.unknown_user,
  create_role_id: v.create_role_id,
  two_factor: v.two_factor,
});

/** The first message of a field error, as the form shows it. */
const first = (errors: FieldErrorMap, key: string): string | undefined => errors[key] || Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1] || undefined;

/**
 * Single sign-on for the organization (administrators): the OpenID Connect provider's issuer, client id and
 * secret (write-only: the page only knows whether one is stored), allowed e-mail domains, unknown users,
 * whose two-factor applies, "test the connection" (discovery) and the redirect URI to register.
 */
export function SsoSettingsForm(props: { view: SsoSettingsView; onSaved: (v: SsoSettingsView) => void }) {
  const { t } = useTranslation('organization');
  const m = useMessage();
  const roles = useRoleOptions();
  const [values, setValues] = useState<Values>(() => fromView(props.view));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [found, setFound] = useState<SsoDiscovery | null>(null);
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((s) => ({ ...s, [k]: v }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const body = values.enabled
        ? {
            provider: 'oidc' as const, issuer: values.issuer.trim(), client_id: values.client_id.trim(), allowed_domains: values.allowed_domains, unknown_user: values.unknown_user,
            create_role_id: values.unknown_user === 'create' ? values.create_role_id : null, two_factor: values.two_factor,
            ...(values.client_secret ? { client_secret: values.client_secret } : {}),
          }
        : { provider: 'none' as const };
      const r = await ssoApi.save(body);
      notify('success', r.message ?? t('sso.saved'));
      setValues((s) => ({ ...s, client_secret: '' }));
      props.onSaved(r.data);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors(err.fieldErrors);
      else notify('error', err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setFound(null);
    setErrors(({ issuer: _issuer, ...rest }) => rest);
    try {
      setFound(await ssoApi.test(values.issuer.trim()));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) setErrors((x) => ({ ...x, ...err.fieldErrors }));
      else notify('error', err instanceof Error ? err.message : String(err));
    } finally {
      setTesting(false);
    }
  };

  const err = (k: string) => {
    const e = first(errors, k);
    return e ? m(e) : undefined;
  };

  return (
    <form onSubmit={save} noValidate data-testid="sso-settings-form">
      <h2 className="card-title">{t('sso.title')}</h2>
      <p className="muted">{t('sso.text')}</p>
      <div className="form-row">
        <label className="checkbox-label">
          <input type="checkbox" checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} data-testid="sso-enabled" /> {t('sso.enabled')}
        </label>
      </div>
      {values.enabled && (
        <>
          <div className="form-grid">
            <Field id="sso-issuer" label={t('sso.issuer')} error={err('issuer')} required>
              <InputText id="sso-issuer" data-testid="sso-issuer" type="url" dir="ltr" value={values.issuer} onChange={(e) => set('issuer', e.target.value)} invalid={!!err('issuer')} placeholder="https://login.example.com" />
            </Field>
          </div>
          <div className="form-row">
            <Button type="button" outlined icon="pi pi-bolt" label={t('sso.test')} onClick={() => void test()} loading={testing} disabled={!values.issuer.trim()} data-testid="sso-test" />
          </div>
          {found && (
            <Message
              severity="success"
              className="form-message"
              style={{ display: 'block', marginBottom: '1rem' }}
              data-testid="sso-test-result"
              content={
                <div>
                  <strong>{t('sso.found')}</strong>
                  <dl dir="ltr" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem', margin: '0.5rem 0 0' }}>
                    <dt>{t('sso.issuer')}</dt><dd style={{ margin: 0 }} data-testid="sso-found-issuer">{found.issuer}</dd>
                    <dt>{t('sso.authorizationEndpoint')}</dt><dd style={{ margin: 0 }}>{found.authorization_endpoint}</dd>
                    <dt>{t('sso.tokenEndpoint')}</dt><dd style={{ margin: 0 }}>{found.token_endpoint}</dd>
                    <dt>{t('sso.jwks')}</dt><dd style={{ margin: 0 }}>{found.jwks_uri ?? '—'}</dd>
                    <dt>PKCE S256</dt><dd style={{ margin: 0 }}>{found.pkce_s256 ? t('sso.yes') : t('sso.no')}</dd>
                  </dl>
                </div>
              }
            />
          )}
        <div className="form-grid">
          <Field id="sso-client-id" label={t('sso.clientId')} error={err('client_id')} required>
            <InputText id="sso-client-id" data-testid="sso-client-id" value={values.client_id} onChange={(e) => set('client_id', e.target.value)} invalid={!!err('client_id')} />
          </Field>
          <Field id="sso-client-secret" label={t('sso.clientSecret')} error={err('client_secret')}>
            <Password
              inputId="sso-client-secret"
              data-testid="sso-client-secret"
              value={values.client_secret}
              onChange={(e) => set('client_secret', e.target.value)}
              feedback={false}
              toggleMask
              autoComplete="new-password"
              placeholder={props.view.has_client_secret ? t('sso.secretStored') : ''}
              className="w-full"
              inputClassName="w-full"
            />
          </Field>
          <Field id="sso-domains" label={t('sso.domains')} error={err('allowed_domains')}>
            <Chips inputId="sso-domains" data-testid="sso-domains" value={values.allowed_domains} onChange={(e) => set('allowed_domains', e.value ?? [])} separator="," className="w-full" />
          </Field>
          <Field id="sso-unknown" label={t('sso.unknownUser')} error={err('unknown_user')}>
            <Dropdown
              inputId="sso-unknown"
              data-testid="sso-unknown"
              value={values.unknown_user}
              options={[{ label: t('sso.refuse'), value: 'refuse' }, { label: t('sso.create'), value: 'create' }]}
              onChange={(e) => set('unknown_user', e.value)}
              className="w-full"
            />
          </Field>
          {values.unknown_user === 'create' && (
            <Field id="sso-role" label={t('sso.role')} error={err('create_role_id')} required>
              <Dropdown inputId="sso-role" data-testid="sso-role" value={values.create_role_id} options={(roles.data ?? []).map((r) => ({ label: r.name, value: r.id }))} onChange={(e) => set('create_role_id', e.value)} className="w-full" />
            </Field>
          )}
          <Field id="sso-two-factor" label={t('sso.twoFactor')} error={err('two_factor')}>
            <Dropdown
              inputId="sso-two-factor"
              data-testid="sso-two-factor"
              value={values.two_factor}
              options={[{ label: t('sso.twoFactorOrganization'), value: 'organization' }, { label: t('sso.twoFactorProvider'), value: 'provider' }]}
              onChange={(e) => set('two_factor', e.value)}
              className="w-full"
            />
          </Field>
        </div>
        </>
      )}
      <Field id="sso-redirect" label={t('sso.redirectUri')}>
        <InputText id="sso-redirect" data-testid="sso-redirect-uri" value={props.view.redirect_uri} readOnly dir="ltr" className="w-full" />
      </Field>
      <Button type="submit" label={t('save')} loading={saving} data-testid="sso-save" />
    </form>
  );
}

/** The SSO card of the organization settings page (shown to those who may manage the organization). */
export function SsoSettingsCard() {
  const { data, mutate } = useApi('sso/settings', [], ssoApi.get);
  if (!data) return <Loading />;
  return (
    <Card style={{ marginTop: '1rem' }} data-testid="sso-card">
      <SsoSettingsForm view={data} onSaved={(v) => void mutate(v)} />
    </Card>
  );
}
