import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { checkOrganization } from '../../api/organization';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { hostInfo, isPortalHost, originOfOrg, urlOfOrg } from '../../lib/host';
import { saveOrg, savedOrgs } from '../../lib/saved-orgs';
import { rules, validateWith } from '../../lib/validation';
import { ROUTES } from '../../routes';

export const INVALID_ORGANIZATION = 'Invalid Organization URL';

const validate = validateWith<{ organization: string }>({
  organization: [rules.required, (v) => (/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(v.trim()) ? null : INVALID_ORGANIZATION)],
});

/** Organization name entry: GET {org origin}/api/ must answer name and logo (docs/product/administration.md#api). */
export function OrganizationPage() {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(false);
  const form = useForm({ organization: '' }, validate);
  const hasSaved = savedOrgs().length > 0;

  const submit = form.handleSubmit(async (v) => {
    setInvalid(false);
    const slug = v.organization.trim().toLowerCase();
    const origin = originOfOrg(slug, hostInfo());
    const r = await checkOrganization(origin);
    if (r.kind !== 'ok') {
      // failure (an unknown organization, or a host that answers no organization) marks it invalid
      setInvalid(true);
      return;
    }
    saveOrg({ slug, name: r.name, logo: r.logo });
    if (isPortalHost()) navigate(ROUTES.organizationPortals, { replace: true });
    else window.location.assign(urlOfOrg(slug, ROUTES.login));
  });

  const error = form.errors.organization ?? (invalid ? INVALID_ORGANIZATION : undefined);
  return (
    <form onSubmit={submit} noValidate data-testid="organization-form">
      <h1 className="auth-card__title">{t('entry.title')}</h1>
      <p className="muted">{t('entry.text')}</p>
      <Field id="organization-name" label={t('entry.field')} error={error} required hint={t('entry.hint', { host: hostInfo().parentHost })}>
        <InputText
          id="organization-name"
          data-testid="organization-name"
          autoCapitalize="off"
          autoComplete="organization"
          value={form.values.organization}
          onChange={(e) => {
            setInvalid(false);
            form.set('organization', e.target.value);
          }}
          invalid={!!error}
        />
      </Field>
      <Button type="submit" label={t('entry.submit')} loading={form.submitting} className="w-full" data-testid="organization-submit" />
      {hasSaved && (
        <div className="form-row form-row--center">
          <Link to={ROUTES.organizationPortals}>{t('entry.toPortals')}</Link>
        </div>
      )}
    </form>
  );
}
