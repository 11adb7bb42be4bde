import { MM, PRIORITY_VALUES, zActionBody, type Attachment, type Priority } from '@app/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import type { ActionInput } from '../../../api/actions';
import { Field } from '../../../components/Field';
import { useForm } from '../../../hooks/use-form';
import { schemaValidator } from '../../../lib/validation';
import { isBefore, toLocalString } from '../decisions/datetime';
import { keyToRef, type PersonOption } from '../decisions/people';
import { selectAllShown } from '../decisions/vote-rules';
import { AttachmentChips } from '../details/AttachmentChips';

export interface ActionValues extends Record<string, unknown> {
  title: string;
  description: string;
  participants: string[];
  open_till: Date | null;
  priority: Priority;
  attachments: Array<Pick<Attachment, 'library_id' | 'name'>>;
  /** kept as they are: the item the action hangs on, and its progress */
  talkingpoint_id: number | null;
  talkingpoint_subpoint_id: number | null;
  progress: number | null;
}

export function toActionInput(v: ActionValues): ActionInput {
  return {
    title: v.title,
    description: v.description,
    participants: v.participants.map(keyToRef),
    open_till: toLocalString(v.open_till),
    priority: v.priority,
    attachments: v.attachments.map((a) => a.library_id),
    attachment_ids: [],
    ...(v.talkingpoint_id ? { talkingpoint_id: v.talkingpoint_id } : {}),
    ...(v.talkingpoint_subpoint_id ? { talkingpoint_subpoint_id: v.talkingpoint_subpoint_id } : {}),
    ...(v.progress !== null ? { progress: v.progress } : {}),
  };
}

/** Client rules of the action form: the contract's body schema and open_till not before the meeting start ('Incorrect date'). */
export function actionValidator(meetingStart: string | null) {
  return schemaValidator<ActionValues>(zActionBody, toActionInput, (v) => ({
    open_till: v.open_till && meetingStart && isBefore(toLocalString(v.open_till), meetingStart) ? MM.incorrectDate : undefined,
  }));
}

/** the picker disallows days before yesterday */
export function earliestOpenTill(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
}

/** Priority colours: Low yellow, Normal green, High red. */
export const PRIORITY_SEVERITY: Record<Priority, 'warning' | 'success' | 'danger'> = { Low: 'warning', Normal: 'success', High: 'danger' };

/** The fields of an action: title, description, participants (select-all above 5), open_till in 15-minute steps, priority, attachments as chips. */
export function ActionForm(props: { initial: ActionValues; meetingStart: string | null; people: PersonOption[]; onSubmit(input: ActionInput): Promise<void>; onCancel(): void; canAttach?: boolean }) {
  const { t } = useTranslation('actions');
  const form = useForm<ActionValues>(props.initial, actionValidator(props.meetingStart));
  const v = form.values;
  const submit = form.handleSubmit((values) => props.onSubmit(toActionInput(values)));
  const allSelected = props.people.length > 0 && props.people.every((p) => v.participants.includes(p.value));
  return (
    <form onSubmit={submit} noValidate data-testid="action-form" id="action-form" className="item-form">
      <Field id="action-title" label={t('title')} required error={form.errors.title}>
        <InputText id="action-title" value={v.title} onChange={(e) => form.set('title', e.target.value)} data-testid="action-title" />
      </Field>
      <Field id="action-description" label={t('description')} error={form.errors.description}>
        <InputTextarea id="action-description" value={v.description} onChange={(e) => form.set('description', e.target.value)} rows={3} autoResize />
      </Field>
      <Field id="action-participants" label={t('participants')} required error={form.errors.participants}>
        <MultiSelect
          inputId="action-participants"
          value={v.participants}
          options={props.people}
          onChange={(e) => form.set('participants', e.value as string[])}
          display="chip"
          filter
          showSelectAll={false}
          placeholder={t('chooseParticipants')}
          data-testid="action-participants"
        />
      </Field>
      {selectAllShown(props.people.length) && (
        <div className="form-row">
          <InputSwitch
            inputId="action-select-all"
            checked={allSelected}
            onChange={(e) => form.set('participants', e.value ? props.people.map((p) => p.value) : [])}
            data-testid="action-select-all"
          />
          <label htmlFor="action-select-all">{t('selectAll')}</label>
        </div>
      )}
      <div className="form-grid">
        <Field id="action-open-till" label={t('openTill')} required error={form.errors.open_till}>
          <Calendar
            inputId="action-open-till"
            value={v.open_till}
            onChange={(e) => form.set('open_till', (e.value as Date | null) ?? null)}
            showTime
            hourFormat="12"
            stepMinute={15}
            minDate={earliestOpenTill()}
            dateFormat="dd M yy"
            showIcon
            data-testid="action-open-till"
          />
        </Field>
        <Field id="action-priority" label={t('priority')} required error={form.errors.priority}>
          <Dropdown
            inputId="action-priority"
            value={v.priority}
            options={PRIORITY_VALUES.map((p) => ({ value: p, label: t(p) }))}
            onChange={(e) => form.set('priority', e.value as Priority)}
            data-testid="action-priority"
          />
        </Field>
      </div>
      <AttachmentChips items={v.attachments} onChange={(x) => form.set('attachments', x)} testId="action-attachments" pdfOnly canAdd={props.canAttach} />
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={t('save')} loading={form.submitting} data-testid="action-submit" />
      </div>
    </form>
  );
}
