import './meeting.css';
import { AppPaths, MeetingStatus, parseLang, parseMeetingItemHash, type MeetingDetails, type MeetingItemRef, type MemberPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { meetingsApi } from '../../api/meetings';
import { notify } from '../../api/notify';
import { ErrorState } from '../../components/ErrorState';
import { isExpiredLink, LinkExpired } from '../guest/LinkExpired';
import { Loading } from '../../components/Loading';
import { confirmAction } from '../../components/confirm';
import { useApi, useRevalidate } from '../../hooks/use-api';
import { liveReloads, useLiveMeeting } from '../../hooks/use-live-meeting';
import { dateLocaleOf } from '../../i18n/lang';
import { dayPeriod } from '../../lib/dates';
import { StatusTag } from '../dashboards/MeetingList';
import { ActionDialog } from './actions/ActionDialog';
import { TalkingPointDialog } from './agenda/TalkingPointDialog';
import { Comments } from './comments/Comments';
import { DecisionDialog } from './decisions/DecisionDialog';
import { keyToRef, personKey } from './decisions/people';
import { AgendaList, type AgendaEntry } from './details/AgendaList';
import { findLinkedItem } from './details/item-links';
import { ActivityCard, ArchivedDecisionsCard, NotesCard } from './details/Cards';
import { ApprovalsCard } from './details/ApprovalsCard';
import { alertText, AttendanceDialog, NdaModal, StatusDialog } from './details/Dialogs';
import { ParticipantsCard, ParticipantsDrawer } from './details/Participants';
import { ProxiesCard } from './details/ProxiesCard';
import { ChairCard } from './details/ChairCard';
import { VirtualJoin } from './details/VirtualJoin';
import { MeetingDrawer } from './MeetingForm';
import { isNetworkFailure } from '../offline/keys';
import { OfflineBanner } from '../offline/OfflineBanner';
import type { OfflineCopy } from '../offline/store';
import { useOfflineCopy } from '../offline/use-offline';
import { BookCard, bookViewerHref, OfflineBookActions } from './minutes/BookCard';
import { useMeetingBookChanges } from './minutes/BookChanges';
import { MinutesCard } from './minutes/MinutesCard';
import { RecorderCard } from './recorder/RecorderCard';
import { useMeetingCommittees } from './use-committees';

/**
 * The details' date: DD-MM-YYYY hh:mm A (docs/product/meetings.md#limits), its digits and day period in the
 * language's own form (Arabic: ص / م; Russian and French dates read as English).
 */
export function detailsDate(server: string | null | undefined, lang = 'en'): string {
  const m = server ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(server) : null;
  if (!m) return server ?? '';
  const locale = dateLocaleOf(parseLang(lang));
  const digits = (n: number, width: number) => new Intl.NumberFormat(locale, { minimumIntegerDigits: width, useGrouping: false }).format(n);
  const h = Number(m[4]);
  return `${digits(Number(m[3]), 2)}-${digits(Number(m[2]), 2)}-${digits(Number(m[1]), 4)} ${digits(h % 12 || 12, 2)}:${digits(Number(m[5]), 2)} ${dayPeriod(h, lang)}`;
}

/** the meeting id of the route (anything after a hash is not part of it) */
export function meetingIdOf(param: string | undefined): number | null {
  const n = Number(String(param ?? '').split('#')[0]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export { isDeadlinePassed } from './details/VirtualJoin';

type Open = { kind: 'talking_point' | 'decision' | 'action'; id: number | null } | null;

/**
 * A dialog the open one was opened from (a talking point whose resolution or action the user opened from its list):
 * closing the open dialog opens it again, the focus on the button that opened the item (`focus`). One dialog shows
 * at a time (one modal for the focus and for screen readers); Escape closes one level.
 */
export interface ReturnTo {
  open: NonNullable<Open>;
  focus: MeetingItemRef;
}

function HeaderCard(props: { meeting: MeetingDetails; guest: boolean; onEdit(): void; onStatus(): void; onDelete(): void; onAttendance(): void }) {
  const { t, i18n } = useTranslation('meeting');
  const { meeting: mt } = props;
  const p = mt.permissions;
  return (
    <section className="surface-card meeting-header" data-testid="meeting-header">
      <div className="meeting-header__top">
        <div>
          <h1 className="meeting-header__title" data-testid="meeting-title">{mt.title}</h1>
          <div className="meeting-header__tags">
            <span data-testid="meeting-status"><StatusTag status={mt.status} /></span>
            {mt.committee && <span className="muted"><i className="pi pi-sitemap" aria-hidden="true" /> {mt.committee.name}</span>}
          </div>
        </div>
        {!props.guest && (
          <div className="meeting-header__menu">
            {p.editMeeting && <Button type="button" icon="pi pi-pencil" label={t('edit')} outlined size="small" onClick={props.onEdit} data-testid="meeting-edit" />}
            {p.changeStatus && mt.meeting_status_id !== MeetingStatus.Archived && p.allowedStatuses.length > 0 && (
              <Button type="button" icon="pi pi-sync" label={t('status.change')} outlined size="small" onClick={props.onStatus} data-testid="meeting-change-status" />
            )}
            {p.deleteMeeting && <Button type="button" icon="pi pi-trash" label={t('delete')} severity="danger" outlined size="small" onClick={props.onDelete} data-testid="meeting-delete" />}
          </div>
        )}
      </div>
      <dl className="meeting-facts">
        <div><dt>{t('header.start')}</dt><dd data-testid="meeting-start"><bdi>{detailsDate(mt.start_date, i18n.language)}</bdi></dd></div>
        {mt.end_date && <div><dt>{t('header.end')}</dt><dd><bdi>{detailsDate(mt.end_date, i18n.language)}</bdi></dd></div>}
        {mt.duration !== null && <div><dt>{t('header.duration')}</dt><dd>{t('durationMinutes', { count: mt.duration })}</dd></div>}
        <div><dt>{t('header.totalDuration')}</dt><dd data-testid="meeting-total-duration">{t('durationMinutes', { count: mt.total_duration })}</dd></div>
        <div><dt>{t('header.place')}</dt><dd>{mt.virtual ? <><i className="pi pi-video" aria-hidden="true" /> {mt.virtual_type ?? t('virtual')}</> : mt.location}</dd></div>
        <div><dt>{t('header.owner')}</dt><dd>{mt.owner.name}</dd></div>
        {mt.current_member && (
          <div>
            <dt>{t('attendance.title')}</dt>
            <dd>
              {p.changeAttendance ? (
                <Button type="button" size="small" outlined label={t(`attendance.${mt.current_member.attendance_status}`)} onClick={props.onAttendance} data-testid="my-attendance" />
              ) : (
                <span className="attendance-tag" data-testid="my-attendance-tag">{t(`attendance.${mt.current_member.attendance_status}`)}</span>
              )}
            </dd>
          </div>
        )}
      </dl>
      {mt.status_reason && <p className="muted">{t('status.reason')}: {mt.status_reason}</p>}
      {mt.description && <p className="pre-line meeting-header__description">{mt.description}</p>}
    </section>
  );
}

/**
 * The meeting page from the signed-in user's offline copy (docs/minutes.md#offline-board-book), when the network is
 * gone: the banner with the copy's date, the header, the board book (opened from the copy) and the agenda, read-only.
 */
function OfflineMeetingView(props: { copy: OfflineCopy }) {
  const { t } = useTranslation('meeting');
  const { t: tm } = useTranslation('minutes');
  const navigate = useNavigate();
  const meeting: MeetingDetails = { ...props.copy.meeting, permissions: { ...props.copy.meeting.permissions, reorderAgenda: false } };
  const none = () => undefined;
  return (
    <div className="meeting-page" data-testid="meeting-page" data-offline="1">
      <div className="meeting-page__back">
        <Button type="button" icon="pi pi-arrow-left" label={t('back')} text onClick={() => navigate(-1)} data-testid="meeting-back" className="back-button" />
      </div>
      <OfflineBanner savedAt={props.copy.savedAt} />
      <div className="meeting-layout">
        <main className="meeting-layout__main">
          <HeaderCard meeting={meeting} guest onEdit={none} onStatus={none} onDelete={none} onAttendance={none} />
          <section className="surface-card" data-testid="book-card">
            <h2 className="section-title">{tm('book.title')}</h2>
            <div className="create-buttons">
              <a className="p-button p-button-outlined" href={bookViewerHref({ agenda_merged_file: '', library_id: props.copy.docId }, meeting.id)} data-testid="book-open">{tm('open')}</a>
              <OfflineBookActions meetingId={meeting.id} book={null} copy={props.copy} />
            </div>
          </section>
          <section className="surface-card" data-testid="agenda-card">
            <h2 className="section-title">{t('agenda.title')}</h2>
            <AgendaList meeting={meeting} onOpen={none} onChanged={none} />
          </section>
        </main>
      </div>
    </div>
  );
}

/**
 * Meeting details (/app/activity/meetings/{id}, and the guest page /meeting/{id}?token=): header card,
 * create buttons, the agenda, and the side cards. Everything follows the server's flags
 * (`permissions`, per-item can_*); after each change the details are loaded again.
 */
export function MeetingDetailsPage(props: { guest?: boolean }) {
  const { t } = useTranslation('meeting');
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = props.guest ? (search.get('token') ?? undefined) : undefined;
  const id = meetingIdOf(params.meetingId);
  const { data: meeting, error, mutate, isLoading } = useApi(id ? 'meeting' : null, [id, token ?? null], () => meetingsApi.get(id!, token));
  const committees = useMeetingCommittees();
  // the signed-in user's offline copy: shown when the network fails (never for guests, never on a refusal)
  const copy = useOfflineCopy(!props.guest && id ? { meetingId: id } : null);
  const [open, setOpen] = useState<Open>(null);
  // the dialogs to come back to (docs/decisions.md#links-to-an-agenda-item), and the item whose button takes the focus
  // in the dialog come back to; `opener`: what had the focus on the page when the first dialog opened
  const [returnTo, setReturnTo] = useState<ReturnTo[]>([]);
  const [focusItem, setFocusItem] = useState<MeetingItemRef | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** a dialog opened from the page (a card, a link, a create button): nothing to come back to */
  const openFromPage = (o: Open) => {
    opener.current = o && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    setReturnTo([]);
    setFocusItem(null);
    setOpen(o);
  };
  /** a talking point's resolution or action, opened from its dialog: closing it comes back there */
  const openNested = (item: MeetingItemRef) => {
    if (open?.kind === 'talking_point' && open.id !== null) setReturnTo((r) => [...r, { open, focus: item }]);
    setFocusItem(null);
    setOpen(item);
  };
  /** the open dialog closes: the one it was opened from opens again, else the page has the focus back */
  const closeOpen = () => {
    const back = returnTo.at(-1);
    if (back) {
      setReturnTo(returnTo.slice(0, -1));
      setFocusItem(back.focus);
      setOpen(back.open);
      return;
    }
    setOpen(null);
    setFocusItem(null);
    // after coming back the dialog no longer knows what had the focus before it first opened: the page puts it back
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  };
  const [editing, setEditing] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const [participants, setParticipants] = useState(false);
  const [attendanceFor, setAttendanceFor] = useState<MemberPayload | null | undefined>(undefined);
  const [alert, setAlert] = useState<string | null>(null);
  const [ndaDone, setNdaDone] = useState(false);
  const hashDone = useRef<string | null>(null);
  const refresh = () => void mutate();
  // another person's vote, answer, status change, comment or agenda change: the page and an open dialog load
  // again (changes arriving together are loaded once, within 300 ms); after a reconnect everything is loaded
  const [liveTick, setLiveTick] = useState(0);
  const liveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (liveTimer.current && clearTimeout(liveTimer.current)), []);
  // before the NDA is accepted the page holds the title and date only: no live updates either (the service refuses them)
  const gated = !!meeting?.permissions.acceptNda;
  // the minutes' review or approval moved on (docs/minutes.md#live): the minutes and approvals cards load again
  const revalidate = useRevalidate();
  const reloads = useRef({ meeting: false, minutes: false });
  useLiveMeeting(
    meeting && !gated ? id : null,
    (m) => {
      if (m.type === 'revoked') return setAlert(t('live.revoked'));
      const r = liveReloads(m);
      if (!r.meeting && !r.minutes) return;
      reloads.current = { meeting: reloads.current.meeting || r.meeting, minutes: reloads.current.minutes || r.minutes };
      if (liveTimer.current) return;
      liveTimer.current = setTimeout(() => {
        liveTimer.current = null;
        const due = reloads.current;
        reloads.current = { meeting: false, minutes: false };
        if (due.meeting) {
          void mutate();
          setLiveTick((n) => n + 1);
        }
        if (due.minutes) {
          void revalidate('meeting/minutes');
          void revalidate('approvals/meeting');
        }
      }, 300);
    },
    { guestToken: token },
  );

  // '#_<kind>-<itemId>' (AppPaths.meeting: '#_decision-3') scrolls to that item and opens it: an agenda card, a resolution or
  // action inside a talking point (its line in the talking point's card), or an archived resolution (its card); '#_<itemId>'
  // (links sent before the kind was named) the first item of any kind with that id. An item the page does not show
  // (deleted, hidden from the reader) leaves the page as it is with a notice (docs/decisions.md#links-to-an-agenda-item)
  const [linkMissing, setLinkMissing] = useState(false);
  useEffect(() => {
    // behind the NDA gate the agenda is not sent yet: the link is followed once it is accepted
    if (!meeting || meeting.permissions.acceptNda || hashDone.current === location.hash) return;
    const ref = parseMeetingItemHash(location.hash);
    setLinkMissing(false);
    if (!ref) return;
    hashDone.current = location.hash;
    const found = findLinkedItem(meeting, ref, { archived: !props.guest && !meeting.permissions.isGuest });
    if (!found) {
      openFromPage(null);
      return setLinkMissing(true);
    }
    document.getElementById(found.scrollTo)?.scrollIntoView?.({ block: 'center' });
    openFromPage({ kind: found.kind, id: found.id });
  }, [meeting, location.hash, props.guest]);

  // what changed in the board book: the card's answer, shared with the agenda list's marks (not for guests, nor behind the NDA gate)
  const bookChanges = useMeetingBookChanges(meeting && !props.guest && !meeting.permissions.isGuest && !meeting.permissions.acceptNda ? meeting.id : null);

  // '#board-book' (the link of a published agenda's e-mail) scrolls to the board book card
  useEffect(() => {
    if (meeting && location.hash === '#board-book') document.getElementById('board-book')?.scrollIntoView?.({ block: 'start' });
  }, [meeting, location.hash]);

  if (!id) return <ErrorState error={new Error(t('notFound'))} testId="meeting-error" />;
  if (isLoading && !meeting) return <div className="full-spinner" data-testid="meeting-loading"><Loading /></div>;
  // a guest link past its expiry, or whose meeting was cancelled or archived (even while the page was open)
  if (props.guest && isExpiredLink(error)) return <LinkExpired error={error} />;
  if (error && !meeting && isNetworkFailure(error)) {
    if (copy) return <OfflineMeetingView copy={copy} />;
    if (copy === undefined) return <div className="full-spinner" data-testid="meeting-loading"><Loading /></div>;
  }
  if (error && !meeting) return <ErrorState error={error} onRetry={refresh} testId="meeting-error" />;
  if (!meeting) return null;

  const p = meeting.permissions;
  const guest = !!props.guest || p.isGuest;

  const createItem = (kind: 'talking_point' | 'decision' | 'action') => {
    if (p.needsMembers) {
      confirmAction({ header: t('needsMembers.title'), message: t('needsMembers.text'), accept: () => setParticipants(true) });
      return;
    }
    openFromPage({ kind, id: null });
  };
  const remove = () =>
    confirmAction({
      message: t('deleteConfirm'),
      danger: true,
      accept: async () => {
        try {
          const r = await meetingsApi.remove(meeting.id);
          notify('success', r.message ?? t('deleted'));
          navigate(AppPaths.meetings());
        } catch (err) {
          setAlert(alertText(err));
        }
      },
    });
  const ndaModal = (
    <NdaModal
      visible={p.acceptNda && !ndaDone}
      onAccept={async () => {
        const r = token ? await meetingsApi.acceptGuestNda(token) : await meetingsApi.acceptNda(meeting.id);
        notify('success', r.message ?? t('done'));
        setNdaDone(true);
        refresh();
      }}
      onDecline={() => navigate(guest ? AppPaths.login() : AppPaths.meetings())}
    />
  );
  // the NDA gate (docs/meeting.md#the-nda-gate): until it is accepted the page shows the title and date the service
  // answered and the modal; no card asks for more (each would be refused)
  if (p.acceptNda) {
    return (
      <div className="meeting-page" data-testid="meeting-page" data-guest={guest ? '1' : '0'} data-nda-gate="1">
        <div className="meeting-layout">
          <main className="meeting-layout__main">
            <HeaderCard meeting={meeting} guest onEdit={() => undefined} onStatus={() => undefined} onDelete={() => undefined} onAttendance={() => undefined} />
            <p className="muted" data-testid="nda-gate-text">{t('nda.gate')}</p>
          </main>
        </div>
        {ndaModal}
      </div>
    );
  }
  const openEntry = (e: AgendaEntry) => openFromPage({ kind: e.type, id: e.item.id });
  const header = (
    <HeaderCard meeting={meeting} guest={guest} onEdit={() => setEditing(true)} onStatus={() => setStatusOpen(true)} onDelete={remove} onAttendance={() => setAttendanceFor(null)} />
  );
  const participantsRefs = [...meeting.members, ...meeting.guest_member]
    .map((x) => personKey({ user_id: x.user_id, user_email: x.user_email }))
    .filter((k): k is string => !!k)
    .map(keyToRef);
  const comments = (kind: 'decisions' | 'actions') => (item: { id: number; comments: MeetingDetails['comments']; can_comment: boolean }) => (
    <Comments kind={kind} itemId={item.id} comments={item.comments} canComment={item.can_comment} guestToken={token} participants={guest ? undefined : participantsRefs} />
  );

  return (
    <div className="meeting-page" data-testid="meeting-page" data-guest={guest ? '1' : '0'}>
      {!guest && (
        <div className="meeting-page__back">
          <Button type="button" icon="pi pi-arrow-left" label={t('back')} text onClick={() => navigate(-1)} data-testid="meeting-back" className="back-button" />
        </div>
      )}
      {alert && (
        <div className="closable-alert" role="alert" data-testid="meeting-alert">
          <Message severity="error" text={`${t('error')}: ${alert}`} />
          <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={t('close')} onClick={() => setAlert(null)} />
        </div>
      )}
      {linkMissing && (
        <div className="closable-alert item-link-missing" role="status" data-testid="item-link-missing">
          <Message severity="warn" text={t('agenda.linkMissing')} />
          <Button type="button" icon="pi pi-times" text rounded size="small" aria-label={t('close')} onClick={() => setLinkMissing(false)} />
        </div>
      )}
      <div className="meeting-layout">
        <main className="meeting-layout__main">
          {header}
          <VirtualJoin meeting={meeting} token={token} header={header} auto={meeting.meeting_status_id === MeetingStatus.Live} />
          {!guest && <ChairCard meeting={meeting} onChanged={refresh} />}
          {!guest && <BookCard meeting={meeting} />}
          {!guest && <MinutesCard meeting={meeting} />}
          {p.createItems && !guest && (
            <div className="create-buttons" data-testid="create-buttons">
              <Button type="button" icon="pi pi-plus" label={t('create.agenda')} onClick={() => createItem('talking_point')} data-testid="create-agenda" />
              <Button type="button" icon="pi pi-plus" label={t('create.decision')} outlined onClick={() => createItem('decision')} data-testid="create-decision" />
              <Button type="button" icon="pi pi-plus" label={t('create.action')} outlined onClick={() => createItem('action')} data-testid="create-action" />
            </div>
          )}
          <section className="surface-card" data-testid="agenda-card">
            <h2 className="section-title">{t('agenda.title')}</h2>
            <AgendaList meeting={meeting} onOpen={openEntry} onChanged={refresh} bookChanges={guest ? null : bookChanges.data} />
          </section>
        </main>
        <aside className="meeting-layout__side">
          {!guest && p.seeRecorder && <RecorderCard meeting={meeting} onChanged={refresh} />}
          <ParticipantsCard meeting={meeting} onManage={() => setParticipants(true)} onRespond={(m) => setAttendanceFor(m)} />
          {!guest && <ProxiesCard meeting={meeting} onChanged={refresh} />}
          {!guest && <ArchivedDecisionsCard decisions={meeting.archived_decisions} onChanged={refresh} onOpen={(d) => openFromPage({ kind: 'decision', id: d })} />}
          {!guest && <ApprovalsCard meeting={meeting} />}
          {!guest && p.seeActivity && <ActivityCard meeting={meeting} />}
          {!guest && p.seeNotes && <NotesCard meeting={meeting} onChanged={refresh} />}
        </aside>
      </div>

      <TalkingPointDialog meeting={meeting} talkingPointId={open?.kind === 'talking_point' ? open.id : null} visible={open?.kind === 'talking_point'} onHide={closeOpen} onOpenItem={openNested} focusItem={focusItem} onFocused={() => setFocusItem(null)} onChanged={refresh} guestToken={token} liveTick={liveTick} />
      <DecisionDialog meeting={meeting} decisionId={open?.kind === 'decision' ? open.id : null} visible={open?.kind === 'decision'} onHide={closeOpen} onChanged={refresh} guestToken={token} renderComments={comments('decisions')} liveTick={liveTick} />
      <ActionDialog meeting={meeting} actionId={open?.kind === 'action' ? open.id : null} visible={open?.kind === 'action'} onHide={closeOpen} onChanged={refresh} guestToken={token} renderComments={comments('actions')} liveTick={liveTick} />
      {!guest && <MeetingDrawer visible={editing} meeting={meeting} committees={committees} onHide={() => setEditing(false)} onSaved={refresh} />}
      {!guest && <StatusDialog meeting={meeting} visible={statusOpen} onHide={() => setStatusOpen(false)} onChanged={refresh} />}
      {!guest && <ParticipantsDrawer meeting={meeting} visible={participants} onHide={() => setParticipants(false)} onChanged={refresh} />}
      <AttendanceDialog meeting={meeting} member={attendanceFor ?? null} visible={attendanceFor !== undefined} onHide={() => setAttendanceFor(undefined)} onChanged={refresh} guestToken={token} />
    </div>
  );
}
