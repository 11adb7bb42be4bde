import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { notify } from '../../api/notify';
import { imageUrl, updateProfile, type Profile } from '../../api/profile';
import { UserAvatar } from '../../components/Avatar';
import { Field } from '../../components/Field';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useForm } from '../../hooks/use-form';
import { useProfile } from '../../hooks/use-profile';
import { fromServerDate, toServerDate } from '../../lib/dates';
import { zProfileBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';
import { ROUTES } from '../../routes';
import { reportEditError } from './edit-errors';

type Values = { name: string; position: string; designation: string; phone: string; birth_date: Date | null; email: string };

/** Profile: name, phone, email required (docs/product/errors.md#validation-rules). */
export const validateProfile = schemaValidator<Values>(zProfileBody, (v) => ({ ...v, date_of_birth: toServerDate(v.birth_date) ?? undefined }));

function valuesOf(p: Profile): Values {
  return { name: p.name, position: p.position ?? '', designation: p.designation ?? '', phone: p.phone ?? '', birth_date: fromServerDate(p.birth_date), email: p.email };
}

export function EditProfileForm(props: { profile: Profile; onSaved: (p: Profile) => void }) {
  const { t } = useTranslation('profile');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const form = useForm<Values>(valuesOf(props.profile), validateProfile);

  useEffect(() => {
    if (!image) return setPreview(null);
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const submit = form.handleSubmit(async (v) => {
    try {
      const r = await updateProfile({ name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim(), position: v.position, designation: v.designation, date_of_birth: toServerDate(v.birth_date), image });
      notify('success', r.message ?? t('updated'));
      props.onSaved(r.profile);
    } catch (e) {
      reportEditError(e);
      throw e instanceof ApiError ? e : new ApiError(0, String(e));
    }
  });

  const text = (key: 'name' | 'position' | 'designation' | 'phone' | 'email', required = false) => (
    <Field id={`profile-${key}`} label={t(`field.${key === 'name' ? 'name' : key}`)} error={form.errors[key]} required={required}>
      <InputText id={`profile-${key}`} data-testid={`profile-${key}`} value={form.values[key]} onChange={(e) => form.set(key, e.target.value)} invalid={!!form.errors[key]} type={key === 'email' ? 'email' : 'text'} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="edit-profile-form">
      <div className="avatar-upload">
        <UserAvatar name={form.values.name} image={preview ?? imageUrl(props.profile.image)} size="xlarge" />
        <label className="p-button p-button-outlined p-component" htmlFor="profile-image">
          <i className="pi pi-camera" aria-hidden="true" />
          &nbsp;{t('changePhoto')}
        </label>
        <input id="profile-image" type="file" accept="image/png,image/jpeg" hidden onChange={(e) => setImage(e.target.files?.[0] ?? null)} />
      </div>
      <div className="form-grid">
        {text('name', true)}
        {text('email', true)}
        {text('phone', true)}
        {text('position')}
        {text('designation')}
        <Field id="profile-birth-date" label={t('field.birthDate')}>
          <Calendar inputId="profile-birth-date" value={form.values.birth_date} onChange={(e) => form.set('birth_date', (e.value as Date | null) ?? null)} dateFormat="dd M yy" showIcon maxDate={new Date()} />
        </Field>
      </div>
      <Button type="submit" label={t('save')} loading={form.submitting} data-testid="edit-profile-submit" />
    </form>
  );
}

export function EditProfilePage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const { data, mutate } = useProfile();
  if (!data) return <Loading />;
  return (
    <div data-testid="edit-profile-page">
      <PageHeader title={t('edit')} />
      <Card>
        <EditProfileForm
          profile={data}
          onSaved={(p) => {
            void mutate(p, { revalidate: true });
            navigate(ROUTES.profile);
          }}
        />
      </Card>
    </div>
  );
}
