import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../api/notify';
import { getInformation, logoUrl, updateInformation, type Information } from '../../api/organization';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { zInformationBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';
import { reportEditError } from '../settings/edit-errors';
import { useCan } from '../../hooks/use-profile';
import { ModulesCard } from './ModulesCard';
import { SsoSettingsCard } from './SsoSettingsCard';
import { DocumentsCard } from './DocumentsCard';

type Values = { company_name: string; website: string; time_zone: string; location: string };

/** Organization: company name, website, location and time zone required (docs/product/errors.md#validation-rules). */
export const validateInformation = schemaValidator<Values>(zInformationBody);

function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
  return current && !list.includes(current) ? [current, ...list] : list;
}

export function InformationForm(props: { info: Information; onSaved: (info: Information) => void }) {
  const { t } = useTranslation('organization');
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<Values>({ company_name: props.info.company_name, website: props.info.website ?? '', time_zone: props.info.time_zone, location: props.info.location ?? '' }, validateInformation);
  const zones = useMemo(() => timeZones(props.info.time_zone).map((z) => ({ label: z, value: z })), [props.info.time_zone]);

  useEffect(() => {
    if (!logo) return setPreview(null);
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const readOnly = !props.info.can_edit;
  const submit = form.handleSubmit(async (v) => {
    if (readOnly) return;
    try {
      const r = await updateInformation({ ...v, logo });
      notify('success', r.message ?? t('info.saved'));
      props.onSaved(r.info);
    } catch (e) {
      reportEditError(e);
      if (e instanceof ApiError) throw e;
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="information-form">
      <fieldset disabled={readOnly} className="plain-fieldset">
      <div className="avatar-upload">
        {preview || props.info.logo ? <img src={preview ?? logoUrl(props.info.logo) ?? ''} alt="" className="org-logo" /> : <i className="pi pi-building org-logo org-logo--empty" aria-hidden="true" />}
        <label className="p-button p-button-outlined p-component" htmlFor="org-logo">
          <i className="pi pi-image" aria-hidden="true" />
          &nbsp;{t('info.changeLogo')}
        </label>
        <input id="org-logo" type="file" accept="image/png,image/jpeg,image/svg+xml" hidden onChange={(e) => setLogo(e.target.files?.[0] ?? null)} />
      </div>
      <div className="form-grid">
        <Field id="org-company-name" label={t('info.companyName')} error={form.errors.company_name} required>
          <InputText id="org-company-name" data-testid="org-company-name" value={form.values.company_name} onChange={(e) => form.set('company_name', e.target.value)} invalid={!!form.errors.company_name} />
        </Field>
        <Field id="org-website" label={t('info.website')} error={form.errors.website} required>
          <InputText id="org-website" data-testid="org-website" type="url" value={form.values.website} onChange={(e) => form.set('website', e.target.value)} invalid={!!form.errors.website} />
        </Field>
        <Field id="org-time-zone" label={t('info.timeZone')} error={form.errors.time_zone} required>
          <Dropdown inputId="org-time-zone" data-testid="org-time-zone" value={form.values.time_zone} options={zones} onChange={(e) => form.set('time_zone', String(e.value ?? ''))} filter invalid={!!form.errors.time_zone} className="w-full" />
        </Field>
        <Field id="org-location" label={t('info.location')} error={form.errors.location} required>
          <InputText id="org-location" data-testid="org-location" value={form.values.location} onChange={(e) => form.set('location', e.target.value)} invalid={!!form.errors.location} />
        </Field>
      </div>
      {!readOnly && <Button type="submit" label={t('save')} loading={form.submitting} data-testid="information-submit" />}
      </fieldset>
    </form>
  );
}

export function InformationPage() {
  const { data, mutate } = useApi('information', [], getInformation);
  const can = useCan();
  if (!data) return <Loading />;
  return (
    <>
      <Card>
        <InformationForm info={data} onSaved={(info) => void mutate(info)} />
      </Card>
      {can('organization_manage') && <ModulesCard />}
      {can('organization_manage') && <SsoSettingsCard />}
      {can('organization_manage') && <DocumentsCard />}
    </>
  );
}
