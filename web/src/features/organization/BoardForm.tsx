import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import type { Board, BoardInput } from '../../api/boards';
import type { Ref } from '../../api/users';
import { Field } from '../../components/Field';
import { RefMultiSelect } from '../../components/RefSelect';
import { useForm } from '../../hooks/use-form';
import { fromServerDate, toServerDate } from '../../lib/dates';
import { zBoardBody } from '@app/contracts';
import { schemaValidator } from '../../lib/validation';
import { GroupNameFields, GroupPeopleFields, groupValues, quorumRequired, toGroupInput, type GroupValues } from './group-fields';

export type BoardValues = GroupValues & { committees: number[]; expiration_date: Date | null };

/** Board: as a committee (name, description, admins, users; quorum 5%..100%) (docs/product/errors.md#validation-rules). */
export function toBoardInput(v: BoardValues): BoardInput {
  const { name, description, quorum, admins, users, status } = toGroupInput(v);
  return { name, description, quorum, committees: v.committees, admins, users, expiration_date: toServerDate(v.expiration_date), status };
}
export const validateBoard = schemaValidator<BoardValues>(zBoardBody, (v) => ({ ...toBoardInput(v), quorum: v.quorum }), quorumRequired);

export function BoardForm(props: { board?: Board | null; users: Ref[] | undefined; committees: Ref[] | undefined; onSubmit: (input: BoardInput) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('boards');
  const b = props.board;
  const form = useForm<BoardValues>(
    { ...groupValues(b), committees: b?.committees.map((c) => c.id) ?? [], expiration_date: fromServerDate(b?.expiration_date) },
    validateBoard,
  );
  const submit = form.handleSubmit((v) => props.onSubmit(toBoardInput(v)));
  return (
    <form onSubmit={submit} noValidate data-testid="board-form">
      <GroupNameFields ns="boards" prefix="board" form={form} />
      <Field id="board-committees" label={t('field.committees')}>
        <RefMultiSelect id="board-committees" value={form.values.committees} options={props.committees} onChange={(ids) => form.set('committees', ids)} />
      </Field>
      <GroupPeopleFields ns="boards" prefix="board" form={form} users={props.users} />
      <div className="form-grid">
        <Field id="board-expiration" label={t('field.expirationDate')}>
          <Calendar inputId="board-expiration" value={form.values.expiration_date} onChange={(e) => form.set('expiration_date', (e.value as Date | null) ?? null)} dateFormat="dd M yy" showIcon minDate={new Date()} />
        </Field>
        <div className="form-row">
          <InputSwitch inputId="board-status" checked={form.values.active} onChange={(e) => form.set('active', !!e.value)} />
          <label htmlFor="board-status">{form.values.active ? t('active') : t('inactive')}</label>
        </div>
      </div>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={b ? t('save') : t('create')} loading={form.submitting} data-testid="board-submit" />
      </div>
    </form>
  );
}
