import { M, MM, zTalkingPointBody, type Attachment, type TalkingPointPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import type { TalkingPointInput } from '../../../api/meetings';
import { Field } from '../../../components/Field';
import { useForm } from '../../../hooks/use-form';
import { keyToRef, personKey, type PersonOption } from '../decisions/people';
import { selectAllShown } from '../decisions/vote-rules';
import { AttachmentChips, type AttachmentChip } from '../details/AttachmentChips';


export interface SubpointValues {
  /** client key; `subpoint_id` is the server's id of an existing sub-point */
  key: string;
  subpoint_id: number | null;
  title: string;
  description: string;
  duration: number | null;
  presenter: string | null;
  viewers: string[];
  attachments: AttachmentChip[];
}

export interface TalkingPointValues extends Record<string, unknown> {
  title: string;
  description: string;
  duration: number | null;
  viewers: string[];
  presenters: string[];
  attachments: AttachmentChip[];
  subpoints: SubpointValues[];
}

let nextKey = 0;
export function newSubpoint(): SubpointValues {
  return { key: `new-${++nextKey}`, subpoint_id: null, title: '', description: '', duration: null, presenter: null, viewers: [], attachments: [] };
}

const keys = (people: ReadonlyArray<{ user_id: number | null; user_email: string | null }>) => people.map((p) => personKey(p)).filter((k): k is string => !!k);
const chips = (a: readonly Attachment[]): AttachmentChip[] => a.map((x) => ({ library_id: x.library_id, name: x.name ?? x.library.name }));

/** form values of a talking point (create: duration 60) */
export function talkingPointValues(tp: TalkingPointPayload | null): TalkingPointValues {
  if (!tp) return { title: '', description: '', duration: 60, viewers: [], presenters: [], attachments: [], subpoints: [] };
  return {
    title: tp.title,
    description: tp.description ?? '',
    duration: tp.duration,
    viewers: keys(tp.viewers),
    presenters: keys(tp.presenters),
    attachments: chips(tp.attachments),
    subpoints: tp.subpoints.map((s) => ({
      key: `s-${s.subpoint_id}`,
      subpoint_id: s.subpoint_id,
      title: s.title,
      description: s.description ?? '',
      duration: s.duration,
      presenter: s.presenter ? personKey(s.presenter) : null,
      viewers: keys(s.subpoint_viewers),
      attachments: chips(s.attachments),
    })),
  };
}

export function toTalkingPointInput(v: TalkingPointValues): TalkingPointInput {
  return {
    title: v.title,
    description: v.description,
    ...(v.duration !== null ? { duration: v.duration } : {}),
    viewers: v.viewers.map(keyToRef),
    presenters: v.presenters.map(keyToRef),
    attachments: v.attachments.map((a) => a.library_id),
    attachment_ids: [],
    subpoints: v.subpoints.map((s) => ({
      ...(s.subpoint_id ? { subpoint_id: s.subpoint_id } : {}),
      title: s.title,
      description: s.description,
      ...(s.duration !== null ? { duration: s.duration } : {}),
      presenter: s.presenter ? keyToRef(s.presenter) : (undefined as unknown as { user_id: number }),
      subpoint_viewers: s.viewers.map(keyToRef),
      attachments: s.attachments.map((a) => a.library_id),
    })),
  } as TalkingPointInput;
}

/** a duration rule of docs/product/meetings.md#validation: when given and the meeting has a duration, > 0 and at most the meeting's */
export function itemDurationError(duration: number | null, meetingDuration: number | null): string | null {
  if (duration === null || !meetingDuration || meetingDuration <= 0) return null;
  if (duration <= 0) return MM.durationPositive;
  if (duration > meetingDuration) return MM.itemDuration;
  return null;
}

/**
 * Messages of a talking point form keyed by field; sub-point fields as `subpoints.<i>.<field>`
 * (the contract's body schema, plus the duration rule against the meeting's duration).
 */
export function talkingPointValidator(meetingDuration: number | null) {
  return (v: TalkingPointValues): Record<string, string> => {
    const out: Record<string, string> = {};
    const r = zTalkingPointBody.safeParse(toTalkingPointInput(v));
    if (!r.success) {
      for (const issue of r.error.issues) {
        const [a, i, f] = issue.path;
        const key = a === 'subpoints' && typeof i === 'number' ? `subpoints.${i}.${String(f ?? '_')}` : String(a ?? '_');
        out[key] ??= issue.message;
      }
    }
    const d = itemDurationError(v.duration, meetingDuration);
    if (d) out.duration = d;
    v.subpoints.forEach((s, i) => {
      if (!s.presenter) out[`subpoints.${i}.presenter`] = M.required;
      const sd = itemDurationError(s.duration, meetingDuration);
      if (sd) out[`subpoints.${i}.duration`] = sd;
    });
    return out;
  };
}

function SelectAll(props: { id: string; people: PersonOption[]; value: string[]; onChange(v: string[]): void; label: string }) {
  const all = props.people.length > 0 && props.people.every((p) => props.value.includes(p.value));
  return (
    <div className="form-row">
      <InputSwitch inputId={props.id} checked={all} onChange={(e) => props.onChange(e.value ? props.people.map((p) => p.value) : [])} data-testid={props.id} />
      <label htmlFor={props.id}>{props.label}</label>
    </div>
  );
}


/** Talking point with sub-points: title, description, duration (1-minute steps), presenters, viewers (show to), attachments. */
export function TalkingPointForm(props: {
  initial: TalkingPointValues;
  people: PersonOption[];
  meetingDuration: number | null;
  onSubmit(input: TalkingPointInput): Promise<void>;
  onCancel(): void;
  /** the library picker (the item's `can_add_attachments`); default shown */
  canAttach?: boolean;
}) {
  const { t } = useTranslation('meeting');
  const form = useForm<TalkingPointValues>(props.initial, talkingPointValidator(props.meetingDuration));
  const v = form.values;
  const err = form.errors as Record<string, string | undefined>;
  const submit = form.handleSubmit((values) => props.onSubmit(toTalkingPointInput(values)));
  const setSub = (i: number, patch: Partial<SubpointValues>) => form.set('subpoints', v.subpoints.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const options = props.people;

  return (
    <form onSubmit={submit} noValidate className="item-form" data-testid="tp-form" id="tp-form">
      <Field id="tp-title" label={t('tp.title')} required error={err.title}>
        <InputText id="tp-title" value={v.title} onChange={(e) => form.set('title', e.target.value)} data-testid="tp-title" />
      </Field>
      <Field id="tp-description" label={t('tp.description')} error={err.description}>
        <InputTextarea id="tp-description" value={v.description} onChange={(e) => form.set('description', e.target.value)} rows={3} autoResize />
      </Field>
      <Field id="tp-duration" label={t('tp.duration')} error={err.duration}>
        <InputNumber inputId="tp-duration" value={v.duration} onValueChange={(e) => form.set('duration', e.value ?? null)} step={1} showButtons useGrouping={false} suffix={` ${t('minutes')}`} />
      </Field>
      <Field id="tp-presenters" label={t('tp.presenters')} required error={err.presenters}>
        <MultiSelect inputId="tp-presenters" value={v.presenters} options={options} onChange={(e) => form.set('presenters', e.value as string[])} display="chip" filter showSelectAll={false} placeholder={t('tp.choosePeople')} data-testid="tp-presenters" />
      </Field>
      <Field id="tp-viewers" label={t('tp.viewers')} required error={err.viewers}>
        <MultiSelect inputId="tp-viewers" value={v.viewers} options={options} onChange={(e) => form.set('viewers', e.value as string[])} display="chip" filter showSelectAll={false} placeholder={t('tp.choosePeople')} data-testid="tp-viewers" />
      </Field>
      {selectAllShown(options.length) && <SelectAll id="tp-viewers-all" people={options} value={v.viewers} onChange={(x) => form.set('viewers', x)} label={t('selectAll')} />}
      <AttachmentChips items={v.attachments} onChange={(x) => form.set('attachments', x)} testId="tp-attachments" canAdd={props.canAttach} />

      <div className="subpoints">
        <div className="subpoints__head">
          <h4>{t('tp.subpoints')}</h4>
          <Button type="button" icon="pi pi-plus" label={t('tp.addSubpoint')} size="small" outlined onClick={() => form.set('subpoints', [...v.subpoints, newSubpoint()])} data-testid="tp-add-subpoint" />
        </div>
        {v.subpoints.map((s, i) => (
          <fieldset key={s.key} className="subpoint" data-testid={`subpoint-${i}`}>
            <legend>{t('tp.subpoint', { n: i + 1 })}</legend>
            <Field id={`sp-${i}-title`} label={t('tp.title')} required error={err[`subpoints.${i}.title`]}>
              <InputText id={`sp-${i}-title`} value={s.title} onChange={(e) => setSub(i, { title: e.target.value })} data-testid={`sp-${i}-title`} />
            </Field>
            <Field id={`sp-${i}-description`} label={t('tp.description')}>
              <InputTextarea id={`sp-${i}-description`} value={s.description} onChange={(e) => setSub(i, { description: e.target.value })} rows={2} autoResize />
            </Field>
            <div className="form-grid-2">
              <Field id={`sp-${i}-presenter`} label={t('tp.presenter')} required error={err[`subpoints.${i}.presenter`]}>
                <Dropdown inputId={`sp-${i}-presenter`} value={s.presenter} options={options} onChange={(e) => setSub(i, { presenter: (e.value as string | null) ?? null })} placeholder={t('tp.choosePerson')} filter data-testid={`sp-${i}-presenter`} />
              </Field>
              <Field id={`sp-${i}-duration`} label={t('tp.duration')} error={err[`subpoints.${i}.duration`]}>
                <InputNumber inputId={`sp-${i}-duration`} value={s.duration} onValueChange={(e) => setSub(i, { duration: e.value ?? null })} step={1} showButtons useGrouping={false} />
              </Field>
            </div>
            <Field id={`sp-${i}-viewers`} label={t('tp.viewers')} required error={err[`subpoints.${i}.subpoint_viewers`]}>
              <MultiSelect inputId={`sp-${i}-viewers`} value={s.viewers} options={options} onChange={(e) => setSub(i, { viewers: e.value as string[] })} display="chip" filter showSelectAll={false} placeholder={t('tp.choosePeople')} data-testid={`sp-${i}-viewers`} />
            </Field>
            {selectAllShown(options.length, true) && <SelectAll id={`sp-${i}-viewers-all`} people={options} value={s.viewers} onChange={(x) => setSub(i, { viewers: x })} label={t('selectAll')} />}
            <AttachmentChips items={s.attachments} onChange={(x) => setSub(i, { attachments: x })} testId={`sp-${i}-attachments`} canAdd={props.canAttach} />
            <Button type="button" icon="pi pi-trash" label={t('tp.removeSubpoint')} text severity="danger" size="small" onClick={() => form.set('subpoints', v.subpoints.filter((_, j) => j !== i))} />
          </fieldset>
        ))}
      </div>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={t('save')} loading={form.submitting} data-testid="tp-submit" />
      </div>
    </form>
  );
}
