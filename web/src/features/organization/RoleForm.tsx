import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { Permission, Role, RoleInput } from '../../api/roles';
import type { Ref } from '../../api/users';
import { Field } from '../../components/Field';
import { RefMultiSelect } from '../../components/RefSelect';
import { useForm } from '../../hooks/use-form';
import { zRoleBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';

type Values = { name: string; users: number[]; permissions: string[] };

/** Role: name and users required (docs/product/errors.md#validation-rules). */
export const validateRole = schemaValidator<Values>(zRoleBody);

export function RoleForm(props: { role?: Role | null; users: Ref[] | undefined; permissions: Permission[] | undefined; onSubmit: (input: RoleInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('roles');
  const form = useForm<Values>({ name: props.role?.name ?? '', users: props.role?.users.map((u) => u.id) ?? [], permissions: props.role?.permissions.map((p) => p.slug) ?? [] }, validateRole);
  const submit = form.handleSubmit((v) => props.onSubmit({ ...v, name: v.name.trim() }));
  const toggle = (slug: string, on: boolean) => form.set('permissions', on ? [...form.values.permissions, slug] : form.values.permissions.filter((s) => s !== slug));
  return (
    <form onSubmit={submit} noValidate data-testid="role-form">
      <Field id="role-name" label={t('field.name')} error={form.errors.name} required>
        <InputText id="role-name" data-testid="role-name" value={form.values.name} onChange={(e) => form.set('name', e.target.value)} invalid={!!form.errors.name} />
      </Field>
      <Field id="role-users" label={t('field.users')} error={form.errors.users} required>
        <RefMultiSelect id="role-users" value={form.values.users} options={props.users} onChange={(ids) => form.set('users', ids)} invalid={!!form.errors.users} />
      </Field>
      <fieldset className="permission-list">
        <legend>{t('field.permissions')}</legend>
        {(props.permissions ?? []).map((p) => (
          <div key={p.slug} className="permission-list__item">
            <Checkbox inputId={`perm-${p.slug}`} checked={form.values.permissions.includes(p.slug)} onChange={(e) => toggle(p.slug, !!e.checked)} />
            <label htmlFor={`perm-${p.slug}`}>{p.name}</label>
          </div>
        ))}
      </fieldset>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={props.role ? t('save') : t('create')} loading={form.submitting} data-testid="role-submit" />
      </div>
    </form>
  );
}
