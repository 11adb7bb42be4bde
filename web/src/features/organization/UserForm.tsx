import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { zUserBody } from '@app/contracts';
import type { Ref, User, UserInput } from '../../api/users';
import { Field } from '../../components/Field';
import { RefMultiSelect } from '../../components/RefSelect';
import { useForm } from '../../hooks/use-form';
import { fromServerDate, toServerDate } from '../../lib/dates';
import { schemaValidator, TEAM_REQUIRED } from '../../lib/validation';

export type UserValues = {
  name: string;
  email: string;
  phone: string;
  position: string;
  designation: string;
  date_of_birth: Date | null;
  role_id: number | null;
  team: string;
  admin_committees: number[];
  member_committees: number[];
};

/** User: valid email, phone at most 12 digits, role, team/committee and name required (docs/product/errors.md#validation-rules). */
export const validateUser = schemaValidator<UserValues>(
  zUserBody,
  (v) => toUserInput(v),
  // the service checks "team or a committee"; the form says it before sending
  (v) => ({ member_committees: v.member_committees.length === 0 && v.admin_committees.length === 0 && v.team.trim() === '' ? TEAM_REQUIRED : undefined }),
);

export function userValues(u?: User | null): UserValues {
  return {
    name: u?.name ?? '',
    email: u?.email ?? '',
    phone: u?.phone ?? '',
    position: u?.position ?? '',
    designation: u?.designation ?? '',
    date_of_birth: fromServerDate(u?.date_of_birth),
    role_id: u?.role_id ?? null,
    team: u?.team ?? '',
    admin_committees: u?.admin_committees.map((c) => c.id) ?? [],
    member_committees: u?.member_committees.map((c) => c.id) ?? [],
  };
}

export function toUserInput(v: UserValues): UserInput {
  return { ...v, name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim(), date_of_birth: toServerDate(v.date_of_birth) };
}

export function UserForm(props: { user?: User | null; roles: Ref[] | undefined; committees: Ref[] | undefined; onSubmit: (input: UserInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('users');
  const form = useForm<UserValues>(userValues(props.user), validateUser);
  const submit = form.handleSubmit((v) => props.onSubmit(toUserInput(v)));
  const text = (key: 'name' | 'email' | 'phone' | 'position' | 'designation', required = false) => (
    <Field id={`user-${key}`} label={t(`field.${key}`)} error={form.errors[key]} required={required}>
      <InputText id={`user-${key}`} data-testid={`user-${key}`} type={key === 'email' ? 'email' : 'text'} inputMode={key === 'phone' ? 'tel' : undefined} value={form.values[key]} onChange={(e) => form.set(key, e.target.value)} invalid={!!form.errors[key]} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate data-testid="user-form" id="user-form">
      <div className="form-grid">
        {text('name', true)}
        {text('email', true)}
        {text('phone', true)}
        <Field id="user-role" label={t('field.role')} error={form.errors.role_id} required>
          <Dropdown
            inputId="user-role"
            data-testid="user-role"
            value={form.values.role_id}
            options={props.roles ?? []}
            optionLabel="name"
            optionValue="id"
            onChange={(e) => form.set('role_id', (e.value as number | null) ?? null)}
            invalid={!!form.errors.role_id}
            className="w-full"
            placeholder={t('field.rolePlaceholder')}
            itemTemplate={(o: Ref) => <span data-testid={`user-role-option-${o.id}`}>{o.name}</span>}
          />
        </Field>
        {text('position')}
        {text('designation')}
        <Field id="user-date-of-birth" label={t('field.dateOfBirth')}>
          <Calendar inputId="user-date-of-birth" value={form.values.date_of_birth} onChange={(e) => form.set('date_of_birth', (e.value as Date | null) ?? null)} dateFormat="dd M yy" showIcon maxDate={new Date()} />
        </Field>
        <Field id="user-team" label={t('field.team')}>
          <InputText id="user-team" data-testid="user-team" value={form.values.team} onChange={(e) => form.set('team', e.target.value)} />
        </Field>
        <Field id="user-member-committees" label={t('field.memberCommittees')} error={form.errors.member_committees} required hint={t('field.committeesHint')}>
          <RefMultiSelect id="user-member-committees" value={form.values.member_committees} options={props.committees} onChange={(ids) => form.set('member_committees', ids)} invalid={!!form.errors.member_committees} />
        </Field>
        <Field id="user-admin-committees" label={t('field.adminCommittees')}>
          <RefMultiSelect id="user-admin-committees" value={form.values.admin_committees} options={props.committees} onChange={(ids) => form.set('admin_committees', ids)} />
        </Field>
      </div>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={props.user ? t('save') : t('create')} loading={form.submitting} data-testid="user-submit" id="user-submit" />
      </div>
    </form>
  );
}
