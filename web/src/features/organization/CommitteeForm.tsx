import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import type { Committee, CommitteeInput } from '../../api/committees';
import type { Ref } from '../../api/users';
import { useForm } from '../../hooks/use-form';
import { zCommitteeBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';
import { GroupNameFields, GroupPeopleFields, groupValues, quorumRequired, toGroupInput, type GroupValues } from './group-fields';

export type CommitteeValues = GroupValues;

/** Committee: name, description, admins, users required; quorum a number from 5% to 100% (docs/product/errors.md#validation-rules). */
export function toCommitteeInput(v: CommitteeValues): CommitteeInput {
  return toGroupInput(v);
}
export const validateCommittee = schemaValidator<CommitteeValues>(zCommitteeBody, (v) => ({ ...toCommitteeInput(v), quorum: v.quorum }), quorumRequired);

export function CommitteeForm(props: { committee?: Committee | null; users: Ref[] | undefined; onSubmit: (input: CommitteeInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('committees');
  const c = props.committee;
  const form = useForm<CommitteeValues>(groupValues(c), validateCommittee);
  const submit = form.handleSubmit((v) => props.onSubmit(toCommitteeInput(v)));
  return (
    <form onSubmit={submit} noValidate data-testid="committee-form" id="committee-form">
      <GroupNameFields ns="committees" prefix="committee" form={form} />
      <GroupPeopleFields ns="committees" prefix="committee" form={form} users={props.users} />
      <div className="form-row">
        <InputSwitch inputId="committee-status" data-testid="committee-status" checked={form.values.active} onChange={(e) => form.set('active', !!e.value)} />
        <label htmlFor="committee-status">{form.values.active ? t('active') : t('inactive')}</label>
      </div>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={c ? t('save') : t('create')} loading={form.submitting} data-testid="committee-submit" id="committee-submit" />
      </div>
    </form>
  );
}
