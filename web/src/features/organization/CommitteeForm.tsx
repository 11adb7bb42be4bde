import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import type { Committee, CommitteeInput } from '../../api/committees';
import type { Ref } from '../../api/users';
import { useForm } from '../../hooks/use-form';
import { useMessage } from '../../i18n';
import { zCommitteeBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';
import { DownloadPolicyControl } from '../library/DownloadPolicyControl';
import { GroupNameFields, GroupPeopleFields, groupValues, quorumRequired, toGroupInput, type GroupValues } from './group-fields';

/** `weights`: each member's weight (shares) as typed, by user id; a member without one weighs 1 (docs/ballots.md#weights-and-outcome-rules) */
export type CommitteeValues = GroupValues & { weights: Record<number, string> };

export function committeeValues(c: Committee | null | undefined): CommitteeValues {
  return { ...groupValues(c), weights: Object.fromEntries((c?.weights ?? []).map((w) => [w.user_id, String(w.weight)])) };
}

/** the committee's members (admins are members too), in the order chosen */
export const committeeMembers = (v: Pick<GroupValues, 'admins' | 'users'>): number[] => [...new Set([...v.admins, ...v.users])];

/** Committee: name, description, admins, users required; quorum a number from 5% to 100% (docs/product/errors.md#validation-rules); each member's weight. */
export function toCommitteeInput(v: CommitteeValues): CommitteeInput {
  const weight = (id: number) => (v.weights[id] ?? '').trim();
  return { ...toGroupInput(v), weights: committeeMembers(v).map((id) => ({ user_id: id, weight: weight(id) === '' ? 1 : Number(weight(id)) })) };
}
export const validateCommittee = schemaValidator<CommitteeValues>(zCommitteeBody, (v) => ({ ...toCommitteeInput(v), quorum: v.quorum }), quorumRequired);

export function CommitteeForm(props: { committee?: Committee | null; users: Ref[] | undefined; onSubmit: (input: CommitteeInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('committees');
  const m = useMessage();
  const c = props.committee;
  const form = useForm<CommitteeValues>(committeeValues(c), validateCommittee);
  const submit = form.handleSubmit((v) => props.onSubmit(toCommitteeInput(v)));
  const members = committeeMembers(form.values);
  const names = new Map([...(props.users ?? []), ...(c?.users ?? []), ...(c?.admins ?? [])].map((u) => [u.id, u.name]));
  return (
    <form onSubmit={submit} noValidate data-testid="committee-form" id="committee-form">
      <GroupNameFields ns="committees" prefix="committee" form={form} />
      <GroupPeopleFields ns="committees" prefix="committee" form={form} users={props.users} />
      {members.length > 0 && (
        <fieldset className="committee-weights" data-testid="committee-weights" aria-describedby="committee-weights-hint" style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
          <legend style={{ fontWeight: 600 }}>{t('field.weights')}</legend>
          <small id="committee-weights-hint">{t('field.weightsHint')}</small>
          {members.map((id) => (
            <div key={id} className="form-row committee-weights__row">
              <label htmlFor={`committee-weight-${id}`} className="committee-weights__name" style={{ minWidth: '10rem', overflowWrap: 'anywhere' }}>
                {names.get(id) ?? `#${id}`}
              </label>
              <InputText
                id={`committee-weight-${id}`}
                data-testid={`committee-weight-${id}`}
                inputMode="numeric"
                className="committee-weights__input"
                style={{ maxWidth: '8rem' }}
                value={form.values.weights[id] ?? '1'}
                onChange={(e) => form.set('weights', { ...form.values.weights, [id]: e.target.value })}
                invalid={!!form.errors.weights}
              />
            </div>
          ))}
          {form.errors.weights && (
            <small className="p-error" role="alert" data-testid="committee-weights-error">
              {m(form.errors.weights)}
            </small>
          )}
        </fieldset>
      )}
      <div className="form-row">
        <InputSwitch inputId="committee-status" data-testid="committee-status" checked={form.values.active} onChange={(e) => form.set('active', !!e.value)} />
        <label htmlFor="committee-status">{form.values.active ? t('active') : t('inactive')}</label>
      </div>
      {c && <DownloadPolicyControl level="committee" id={c.id} />}
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={c ? t('save') : t('create')} loading={form.submitting} data-testid="committee-submit" id="committee-submit" />
      </div>
    </form>
  );
}
