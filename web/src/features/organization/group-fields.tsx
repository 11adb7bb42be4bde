import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useTranslation } from 'react-i18next';
import type { Ref } from '../../api/users';
import { Field } from '../../components/Field';
import { RefMultiSelect } from '../../components/RefSelect';
import type { useForm } from '../../hooks/use-form';
import { rules } from '../../lib/validation';

/**
 * A board is "as a committee" (docs/product/errors.md#validation-rules): both have a name, a description, a quorum from 5% to 100%,
 * admins, users and a status. These are the fields and values they share; ids are `<prefix>-name`, ...
 */
export type GroupValues = { name: string; description: string; quorum: string; admins: number[]; users: number[]; active: boolean };

type GroupRecord = { name: string; description: string; quorum: number; admins: Ref[]; users: Ref[]; status: 'active' | 'inactive' };
type GroupForm = Pick<ReturnType<typeof useForm<GroupValues>>, 'values' | 'errors' | 'set'>;

export function groupValues(g: GroupRecord | null | undefined): GroupValues {
  return {
    name: g?.name ?? '',
    description: g?.description ?? '',
    quorum: g ? String(g.quorum) : '',
    admins: g?.admins.map((a) => a.id) ?? [],
    users: g?.users.map((u) => u.id) ?? [],
    active: g ? g.status === 'active' : true,
  };
}

export function toGroupInput(v: GroupValues) {
  return { name: v.name.trim(), description: v.description.trim(), quorum: Number(v.quorum), admins: v.admins, users: v.users, status: v.active ? ('active' as const) : ('inactive' as const) };
}

/** The contract takes a number; an empty box is "required" rather than a quorum out of range. */
export const quorumRequired = (v: GroupValues) => ({ quorum: rules.required(v.quorum) ?? undefined });

/** Name and quorum side by side, then the description. */
export function GroupNameFields(props: { ns: string; prefix: string; form: GroupForm }) {
  const { t } = useTranslation(props.ns);
  const { form, prefix } = props;
  return (
    <>
      <div className="form-grid">
        <Field id={`${prefix}-name`} label={t('field.name')} error={form.errors.name} required>
          <InputText id={`${prefix}-name`} data-testid={`${prefix}-name`} value={form.values.name} onChange={(e) => form.set('name', e.target.value)} invalid={!!form.errors.name} />
        </Field>
        <Field id={`${prefix}-quorum`} label={t('field.quorum')} error={form.errors.quorum} required hint={t('field.quorumHint')}>
          <InputText id={`${prefix}-quorum`} data-testid={`${prefix}-quorum`} inputMode="decimal" value={form.values.quorum} onChange={(e) => form.set('quorum', e.target.value)} invalid={!!form.errors.quorum} />
        </Field>
      </div>
      <Field id={`${prefix}-description`} label={t('field.description')} error={form.errors.description} required>
        <InputTextarea
          id={`${prefix}-description`}
          data-testid={`${prefix}-description`}
          rows={3}
          autoResize
          value={form.values.description}
          onChange={(e) => form.set('description', e.target.value)}
          invalid={!!form.errors.description}
        />
      </Field>
    </>
  );
}

/** Admins and users, chosen from the organization's people. */
export function GroupPeopleFields(props: { ns: string; prefix: string; form: GroupForm; users: Ref[] | undefined }) {
  const { t } = useTranslation(props.ns);
  const { form, prefix } = props;
  return (
    <>
      <Field id={`${prefix}-admins`} label={t('field.admins')} error={form.errors.admins} required>
        <RefMultiSelect id={`${prefix}-admins`} value={form.values.admins} options={props.users} onChange={(ids) => form.set('admins', ids)} invalid={!!form.errors.admins} />
      </Field>
      <Field id={`${prefix}-users`} label={t('field.users')} error={form.errors.users} required>
        <RefMultiSelect id={`${prefix}-users`} value={form.values.users} options={props.users} onChange={(ids) => form.set('users', ids)} invalid={!!form.errors.users} />
      </Field>
    </>
  );
}
