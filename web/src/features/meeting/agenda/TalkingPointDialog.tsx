import type { MeetingDetails, MeetingItemRef, TalkingPointPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agendaApi, type TalkingPointInput } from '../../../api/meetings';
import { useModules } from '../../../hooks/use-org';
import { FileChip } from '../../library/FileChip';
import { Comments } from '../comments/Comments';
import { ConflictsPanel } from '../record/ConflictsPanel';
import { attachmentPath, isPresentable } from '../details/AttachmentChips';
import { nestedItems } from '../details/AgendaList';
import { ItemDialog, useItemDialog } from '../decisions/ItemDialog';
import { meetingPeople, personName, withCurrent } from '../decisions/people';
import { TalkingPointForm, talkingPointValues } from './TalkingPointForm';

function People(props: { label: string; people: TalkingPointPayload['viewers'] }) {
  if (!props.people.length) return null;
  return (
    <p className="tp-view__people">
      <strong>{props.label}: </strong>
      {props.people.map((p) => personName(p)).join(', ')}
    </p>
  );
}

/** what names the button that opens one of the talking point's items from its view (`data-item`, and its test id) */
const itemKey = (item: MeetingItemRef) => `${item.kind}-${item.id}`;

/** The talking point in a dialog (800): create (id null), edit when the server allows it, else view with comments. */
export function TalkingPointDialog(props: {
  meeting: MeetingDetails;
  talkingPointId: number | null;
  visible: boolean;
  onHide(): void;
  onChanged(): void;
  guestToken?: string;
  /** changes when the meeting's live channel reports a change: an open talking point in view loads again (comments) */
  liveTick?: number;
  /** opens one of the talking point's resolutions or actions (listed in the view) in its own dialog */
  onOpenItem?(item: MeetingItemRef): void;
  /**
   * the item whose button in the list takes the focus once the view shows it: the user closed that item's dialog and
   * came back to the talking point (`onFocused` then, so a later reload leaves the focus where it is)
   */
  focusItem?: MeetingItemRef | null;
  onFocused?(): void;
}) {
  const { t } = useTranslation('meeting');
  const { meeting, talkingPointId, visible, guestToken } = props;
  // a document can be presented live unless the organization turned the presentation module off
  const canPresent = !guestToken && !useModules().modules.disabledRoutes.includes('presentation');
  const d = useItemDialog<TalkingPointPayload, TalkingPointInput>({
    id: talkingPointId, visible, liveTick: props.liveTick, closeAfterSave: true, onChanged: props.onChanged, onHide: props.onHide,
    get: (id) => agendaApi.get(meeting.id, id, guestToken), getDeps: [meeting.id, guestToken], guest: !!guestToken,
    routes: {
      create: (input) => agendaApi.create(meeting.id, input),
      update: (id, input) => agendaApi.update(meeting.id, id, input),
      remove: async (id) => (await agendaApi.remove(meeting.id, id)).message,
      saved: t('tp.saved'),
      deleteConfirm: t('tp.deleteConfirm'),
      deleted: t('deleted'),
    },
  });
  const tp = d.item;
  const { focusItem, onFocused } = props;
  // the dialog has come in (its transition over): the dialog it replaced has gone, and given the focus back to what it
  // had before (PrimeReact), so the item's button takes it after that
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!visible) setShown(false);
  }, [visible]);
  useEffect(() => {
    if (!visible || !shown || !tp || d.editing || !focusItem) return;
    const button = document.querySelector<HTMLElement>(`.tp-view__items [data-item="${itemKey(focusItem)}"]`);
    if (!button) return;
    button.focus();
    onFocused?.();
  }, [visible, shown, tp, d.editing, focusItem]);

  const people = withCurrent(meetingPeople(meeting), tp ? [...tp.viewers, ...tp.presenters] : []);

  return (
    <ItemDialog
      state={d}
      testId="tp"
      words={{ create: t('tp.new'), edit: t('tp.edit'), view: t('tp.view') }}
      dialogProps={{ style: { width: 'min(800px, 95vw)' }, breakpoints: undefined, dismissableMask: !d.editing, onShow: () => setShown(true) }}
      messageClassName="w-full mb-3"
      form={(f) => <TalkingPointForm initial={talkingPointValues(tp)} people={people} meetingDuration={meeting.duration} canAttach={tp ? tp.can_add_attachments : meeting.permissions.addAttachments} {...f} />}
      view={(tp, c) => (
        <div className="tp-view" data-testid="tp-view">
          {tp.description && <p className="pre-line">{tp.description}</p>}
          <p>
            <i className="pi pi-clock" aria-hidden="true" /> {t('durationMinutes', { count: tp.total_duration })}
          </p>
          <People label={t('tp.presenters')} people={tp.presenters} />
          <People label={t('tp.viewers')} people={tp.viewers} />
          {tp.attachments.length > 0 && (
            <ul className="tp-view__files">
              {tp.attachments.map((a) => (
                <li key={a.id}>
                  <FileChip name={a.name ?? a.library.name ?? String(a.library_id)} type={null} size={a.size ?? a.library.size} to={attachmentPath(a, meeting.id, guestToken)} testId="attachment-link" />
                  {canPresent && isPresentable(a) && (
                    <a className="tp-view__present" href={`/presentation/${meeting.id}/${a.library_id}`} target="_blank" rel="noreferrer" data-testid="tp-present" title={t('tp.present')}>
                      <i className="pi pi-desktop" aria-hidden="true" /> {t('tp.present')}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {tp.subpoints.length > 0 && (
            <ol className="tp-view__subpoints" data-testid="tp-subpoints">
              {tp.subpoints.map((s) => (
                <li key={s.subpoint_id}>
                  <strong>{s.title}</strong> <small className="muted">{t('durationMinutes', { count: s.duration })}</small>
                  {s.presenter && <small className="muted block">{t('tp.presenter')}: {personName(s.presenter)}</small>}
                  {s.description && <p className="line-clamp-2">{s.description}</p>}
                </li>
              ))}
            </ol>
          )}
          {nestedItems(tp).length > 0 && (
            <section className="tp-view__items" data-testid="tp-items">
              <h3 className="section-title">{t('agenda.items')}</h3>
              <ul>
                {nestedItems(tp).map((n) => {
                  const label = `${t(n.kind === 'decision' ? 'agenda.decision' : 'agenda.action')}: ${n.item.title}`;
                  const ref: MeetingItemRef = { kind: n.kind, id: n.item.id };
                  return (
                    <li key={`${n.kind}:${n.item.id}`}>
                      {props.onOpenItem ? (
                        <Button type="button" link className="p-0" icon={n.kind === 'decision' ? 'pi pi-check-square' : 'pi pi-bolt'} label={label} onClick={() => props.onOpenItem?.(ref)} data-item={itemKey(ref)} data-testid={`tp-open-${itemKey(ref)}`} />
                      ) : (
                        label
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          <div className="form-actions">
            {c.onDelete && <Button type="button" label={t('delete')} icon="pi pi-trash" severity="danger" outlined onClick={c.onDelete} data-testid="tp-delete" />}
            {c.onEdit && <Button type="button" label={t('edit')} icon="pi pi-pencil" onClick={c.onEdit} data-testid="tp-edit" />}
            <Button type="button" label={t('close')} outlined onClick={props.onHide} />
          </div>
          {!guestToken && (
            <ConflictsPanel meetingId={meeting.id} item={tp} meUserId={meeting.current_member?.user_id ?? null} onChanged={() => { void d.load(); props.onChanged(); }} />
          )}
          <Comments kind="talkingpoints" itemId={tp.id} comments={tp.comments} canComment={tp.can_comment} guestToken={guestToken} onChanged={() => void d.load()} />
        </div>
      )}
    />
  );
}
