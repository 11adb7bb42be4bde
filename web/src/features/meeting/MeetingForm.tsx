import { zMeetingBody, type MeetingDetails, type VirtualType } from '@app/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Sidebar } from 'primereact/sidebar';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppPaths } from '@app/contracts';
import type { ApiError } from '../../api/client';
import { meetingsApi, type MeetingInput } from '../../api/meetings';
import { notify } from '../../api/notify';
import type { Ref } from '../../api/users';
import { Field } from '../../components/Field';
import { useForm } from '../../hooks/use-form';
import { useMessage } from '../../i18n';
import { schemaValidator } from '../../lib/validation';
import { ceilQuarter, fromLocalString } from './decisions/datetime';
import type { MeetingDraft } from '../voice/parse';

export interface MeetingValues extends Record<string, unknown> {
  title: string;
  committee_id: number | null;
  start: Date | null;
  duration: number | null;
  virtual: boolean;
  virtual_type: VirtualType | null;
  location: string;
  description: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** the meeting form's date: 'YYYY-MM-DD hh:mm A' (docs/product/meetings.md#api) */
export function toMeetingDate(d: Date | null): string {
  if (!d || Number.isNaN(d.getTime())) return '';
  const h = d.getHours() % 12 || 12;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

export function toMeetingInput(v: MeetingValues): MeetingInput {
  return {
    title: v.title,
    committee_id: v.committee_id ?? (undefined as unknown as number),
    description: v.description,
    start_date: toMeetingDate(v.start),
    ...(v.duration !== null ? { duration: v.duration } : {}),
    ...(v.virtual ? { virtual: 1 as const, virtual_type: v.virtual_type ?? 'ijmeet' } : { virtual: 0 as const, location: v.location }),
  };
}

export const meetingValidator = schemaValidator<MeetingValues>(zMeetingBody, toMeetingInput);

export function meetingValues(m: MeetingDetails | null, now = new Date()): MeetingValues {
  return {
    title: m?.title ?? '',
    committee_id: m?.committee_id ?? null,
    start: m ? fromLocalString(m.start_date) : ceilQuarter(now),
    duration: m?.duration ?? 60,
    virtual: m ? m.virtual === 1 : false,
    virtual_type: m?.virtual_type ?? null,
    location: m?.location ?? '',
    description: m?.description ?? '',
  };
}

/**
 * A dictated meeting (docs/product/voice.md) as the create form's values: the committee said by name is matched
 * against the user's committees (exact, then contained, ignoring case); date and time become the start in the
 * browser's time zone; hours become minutes. What was not said keeps the new meeting's default.
 */
export function draftValues(draft: MeetingDraft, committees: readonly Ref[], base: MeetingValues): MeetingValues {
  const said = draft.committee?.trim().toLowerCase();
  const committee = said
    ? (committees.find((c) => c.name.toLowerCase() === said) ?? committees.find((c) => c.name.toLowerCase().includes(said) || said.includes(c.name.toLowerCase())))
    : undefined;
  let start = base.start;
  if (draft.date || draft.time) {
    const d = base.start ? new Date(base.start) : new Date();
    if (draft.date) {
      const [y, mo, da] = draft.date.split('-').map(Number);
      d.setFullYear(y, mo - 1, da);
    }
    if (draft.time) {
      const [h, mi] = draft.time.split(':').map(Number);
      d.setHours(h, mi, 0, 0);
    }
    start = d;
  }
  return {
    ...base,
    ...(draft.title ? { title: draft.title } : {}),
    ...(draft.description ? { description: draft.description } : {}),
    ...(committee ? { committee_id: committee.id } : {}),
    start,
    ...(draft.duration ? { duration: Math.round(draft.duration * 60) } : {}),
    ...(draft.location ? { location: draft.location } : {}),
    ...(draft.virtual !== undefined ? { virtual: draft.virtual, virtual_type: draft.virtual ? (base.virtual_type ?? 'ijmeet') : null } : {}),
  };
}

/** the drawer's banner of a failed save: the server's message, else the first field message, else 'Please try again' */
export function meetingSaveError(err: unknown): string {
  const e = err as Partial<ApiError> | null;
  if (e && typeof e === 'object') {
    if (e.serverMessage && e.status !== 409) return e.serverMessage;
    const first = e.fieldErrors ? Object.values(e.fieldErrors)[0] : undefined;
    if (first) return first;
    if (e.serverMessage) return e.serverMessage;
  }
  return 'Please try again';
}

/**
 * The meeting's fields: title, committee (the ones the user administers), start in 15-minute steps,
 * duration in 15-minute steps, virtual (zoom or ijmeet, which hides the location), location, description.
 */
export function MeetingForm(props: { initial: MeetingValues; committees: Ref[]; onSubmit(input: MeetingInput): Promise<void>; onCancel(): void; banner?: string | null }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const form = useForm<MeetingValues>(props.initial, meetingValidator);
  const v = form.values;
  const submit = form.handleSubmit((values) => props.onSubmit(toMeetingInput(values)));
  return (
    <form onSubmit={submit} noValidate className="item-form" data-testid="meeting-form" id="meeting-form">
      {props.banner && <Message severity="error" text={m(props.banner)} className="w-full" data-testid="meeting-form-banner" />}
      <Field id="meeting-title" label={t('form.title')} required error={form.errors.title}>
        <InputText id="meeting-title" value={v.title} onChange={(e) => form.set('title', e.target.value)} data-testid="meeting-title" />
      </Field>
      <Field id="meeting-committee" label={t('form.committee')} required error={form.errors.committee_id}>
        <Dropdown
          inputId="meeting-committee"
          value={v.committee_id}
          options={props.committees.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(e) => form.set('committee_id', (e.value as number | null) ?? null)}
          placeholder={t('form.chooseCommittee')}
          emptyMessage={t('form.noCommittees')}
          data-testid="meeting-committee"
        />
      </Field>
      <div className="form-grid-2">
        <Field id="meeting-start" label={t('form.start')} required error={form.errors.start_date}>
          <Calendar
            inputId="meeting-start"
            value={v.start}
            onChange={(e) => form.set('start', (e.value as Date | null) ?? null)}
            showTime
            hourFormat="12"
            stepMinute={15}
            dateFormat="dd M yy"
            showIcon
            data-testid="meeting-start"
          />
        </Field>
        <Field id="meeting-duration" label={t('form.duration')} error={form.errors.duration}>
          <InputNumber
            inputId="meeting-duration"
            value={v.duration}
            onValueChange={(e) => form.set('duration', e.value ?? null)}
            step={15}
            showButtons
            suffix={` ${t('minutes')}`}
            useGrouping={false}
            data-testid="meeting-duration"
          />
        </Field>
      </div>
      <div className="form-row">
        <InputSwitch inputId="meeting-virtual" checked={v.virtual} onChange={(e) => form.set('virtual', !!e.value)} data-testid="meeting-virtual" />
        <label htmlFor="meeting-virtual">{t('form.virtual')}</label>
      </div>
      {v.virtual ? (
        <Field id="meeting-virtual-type" label={t('form.virtualType')} error={form.errors.virtual_type}>
          <Dropdown
            inputId="meeting-virtual-type"
            value={v.virtual_type ?? 'ijmeet'}
            options={[{ value: 'ijmeet', label: 'ijmeet' }, { value: 'zoom', label: 'Zoom' }]}
            onChange={(e) => form.set('virtual_type', e.value as VirtualType)}
            data-testid="meeting-virtual-type"
          />
        </Field>
      ) : (
        <Field id="meeting-location" label={t('form.location')} required error={form.errors.location}>
          <InputText id="meeting-location" value={v.location} onChange={(e) => form.set('location', e.target.value)} data-testid="meeting-location" />
        </Field>
      )}
      <Field id="meeting-description" label={t('form.description')} error={form.errors.description}>
        <InputTextarea id="meeting-description" value={v.description} onChange={(e) => form.set('description', e.target.value)} rows={4} autoResize />
      </Field>
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={t('save')} loading={form.submitting} data-testid="meeting-submit" />
      </div>
    </form>
  );
}

/** The create / edit drawer (720 wide). After a create the browser goes to the new meeting. */
export function MeetingDrawer(props: { visible: boolean; meeting: MeetingDetails | null; committees: Ref[]; onHide(): void; onSaved?(): void; draft?: MeetingDraft | null }) {
  const { t } = useTranslation('meeting');
  const navigate = useNavigate();
  const [banner, setBanner] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (props.visible) {
      setBanner(null);
      setKey((k) => k + 1);
    }
  }, [props.visible]);
  const save = async (input: MeetingInput) => {
    setBanner(null);
    try {
      if (props.meeting) {
        const r = await meetingsApi.update(props.meeting.id, input);
        notify('success', r.message ?? t('updated'));
        props.onSaved?.();
        props.onHide();
      } else {
        const r = await meetingsApi.create(input);
        notify('success', r.message ?? t('created'));
        props.onHide();
        navigate(AppPaths.meeting(r.data.id));
      }
    } catch (err) {
      setBanner(meetingSaveError(err));
      throw err;
    }
  };
  const committees = props.meeting?.committee && !props.committees.some((c) => c.id === props.meeting!.committee_id) ? [...props.committees, { id: props.meeting.committee.id, name: props.meeting.committee.name }] : props.committees;
  return (
    <Sidebar visible={props.visible} onHide={props.onHide} position="right" style={{ width: 'min(720px, 100vw)' }} header={<h2 className="drawer-title">{props.meeting ? t('editMeeting') : t('newMeeting')}</h2>} data-testid="meeting-drawer">
      {props.visible && <MeetingForm key={key} initial={props.draft && !props.meeting ? draftValues(props.draft, committees, meetingValues(null)) : meetingValues(props.meeting)} committees={committees} banner={banner} onSubmit={save} onCancel={props.onHide} />}
    </Sidebar>
  );
}
