import { MM, M, type MeetingDetails, type MemberPayload } from '@app/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Sidebar } from 'primereact/sidebar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { membersApi } from '../../../api/meetings';
import { notify } from '../../../api/notify';
import { usersApi } from '../../../api/users';
import { UserAvatar } from '../../../components/Avatar';
import { Field } from '../../../components/Field';
import { confirmAction } from '../../../components/confirm';
import { useApi } from '../../../hooks/use-api';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { rules } from '../../../lib/validation';
import { shortEmail } from '../decisions/people';

/** the participants of a meeting, members then guests, each once */
export function participantsOf(meeting: Pick<MeetingDetails, 'members' | 'guest_member'>): MemberPayload[] {
  const seen = new Set<number>();
  return [...meeting.members, ...meeting.guest_member].filter((m) => (seen.has(m.member_id) ? false : (seen.add(m.member_id), true)));
}

/** a user's name; a guest's name when set, else the e-mail (over 22 characters cut to 22 plus two dots) */
export function memberName(m: MemberPayload): string {
  if (m.user_id) return m.user?.name || '?';
  const name = m.guest_name || m.user?.name;
  if (name && name !== m.user_email) return name;
  return m.user_email ? shortEmail(m.user_email) : '?';
}

/** guest e-mail check of docs/product/meetings.md#validation (error key Organization.user.add.email.pattern) */
export function guestEmailError(email: string): string | null {
  if (!email.trim()) return M.required;
  return rules.email(email.trim()) ? MM.guestEmail : null;
}

export const PARTICIPANTS_SHOWN = 6;

function AttendanceTag(props: { status: string }) {
  const { t } = useTranslation('meeting');
  return <span className={`attendance-tag attendance-tag--${props.status.toLowerCase().replace(/\s+/g, '-')}`}>{t(`attendance.${props.status}`)}</span>;
}

/** The participants card: the first 6, then a show-all toggle; a response control per row when the server allows it. */
export function ParticipantsCard(props: { meeting: MeetingDetails; onManage(): void; onRespond(m: MemberPayload): void }) {
  const { t } = useTranslation('meeting');
  const [all, setAll] = useState(false);
  const list = participantsOf(props.meeting);
  const shown = all ? list : list.slice(0, PARTICIPANTS_SHOWN);
  const p = props.meeting.permissions;
  return (
    <section className="surface-card side-card" data-testid="participants-card">
      <div className="side-card__head">
        <h3>{t('participants.title', { count: list.length })}</h3>
        {p.manageParticipants && <Button type="button" icon="pi pi-user-plus" text rounded aria-label={t('participants.manage')} onClick={props.onManage} data-testid="participants-manage" />}
      </div>
      {list.length === 0 && <p className="muted">{t('participants.empty')}</p>}
      <ul className="people-list">
        {shown.map((m) => (
          <li key={m.member_id} data-testid={`participant-${m.member_id}`}>
            <UserAvatar name={memberName(m)} image={m.user?.image} />
            <span className="people-list__name">
              <bdi>{memberName(m)}</bdi>
              {!m.user_id && <small className="guest-label">{m.organization_guest ? t('participants.orgGuest') : t('participants.guest')}</small>}
              {m.is_owner && <small className="muted block">{t('participants.owner')}</small>}
              {m.meeting_role && <small className="muted block" data-testid={`participant-role-${m.member_id}`}>{t(`chair.${m.meeting_role}`)}</small>}
            </span>
            {p.respondForOthers && m.can_change_attendance ? (
              <Button type="button" size="small" text label={t(`attendance.${m.attendance_status}`)} onClick={() => props.onRespond(m)} data-testid={`respond-${m.member_id}`} />
            ) : (
              <AttendanceTag status={m.attendance_status} />
            )}
          </li>
        ))}
      </ul>
      {list.length > PARTICIPANTS_SHOWN && (
        <Button type="button" link label={all ? t('showLess') : t('showAll', { count: list.length })} onClick={() => setAll(!all)} data-testid="participants-show-all" />
      )}
    </section>
  );
}

function GuestEditForm(props: { meetingId: number; member: MemberPayload; onDone(): void; token?: string }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const [name, setName] = useState(props.member.guest_name ?? '');
  const [title, setTitle] = useState(props.member.guest_title ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!name.trim()) return setError(M.required);
    try {
      const r = await membersApi.setGuestName(props.meetingId, { guest_name: name, guest_title: title, user_email: props.member.user_email ?? '' }, props.token);
      notify('success', r.message ?? t('done'));
      props.onDone();
    } catch (err) {
      setError((err as { serverMessage?: string }).serverMessage ?? (err as Error).message);
    }
  };
  return (
    <div className="guest-edit" data-testid="guest-edit">
      <Field id={`guest-name-${props.member.member_id}`} label={t('participants.guestName')} required error={error}>
        <InputText id={`guest-name-${props.member.member_id}`} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id={`guest-title-${props.member.member_id}`} label={t('participants.guestTitle')}>
        <InputText id={`guest-title-${props.member.member_id}`} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <input type="hidden" value={props.member.user_email ?? ''} readOnly />
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined size="small" onClick={props.onDone} />
        <Button type="button" label={t('save')} size="small" onClick={() => void save()} data-testid="guest-edit-save" aria-label={m('Save')} />
      </div>
    </div>
  );
}

/** a guest's link as the meeting's managers see it (issue 27): live until, expired, ended with the meeting, revoked */
export function GuestLinkState(props: { member: MemberPayload }) {
  const { t, i18n } = useTranslation('meeting');
  const link = props.member.guest_link;
  if (!link) return null;
  const date = formatDateTime(link.expires_at, i18n.language);
  return (
    <small className={`muted block guest-link guest-link--${link.state}`} data-testid={`guest-link-${props.member.member_id}`} data-state={link.state}>
      {t(`participants.link.${link.state}`, { date })}
    </small>
  );
}

/** The participants drawer (500): add by user or by e-mail (guest / organization guest) as Viewer or Editor, change type, remove, edit a guest. */
export function ParticipantsDrawer(props: { meeting: MeetingDetails; visible: boolean; onHide(): void; onChanged(): void }) {
  const { t } = useTranslation('meeting');
  const m = useMessage();
  const { meeting } = props;
  const users = useApi(props.visible ? 'users/all' : null, [meeting.committee_id], () => usersApi.all(meeting.committee_id));
  const [userId, setUserId] = useState<number | null>(null);
  const [role, setRole] = useState<'Viewer' | 'Editor'>('Viewer');
  const [email, setEmail] = useState('');
  const [guestName, setGuestName] = useState('');
  const [orgGuest, setOrgGuest] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [userError, setUserError] = useState<string | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const list = participantsOf(meeting);
  const present = new Set(list.map((x) => x.user_id).filter(Boolean));
  const roles = [{ value: 'Viewer', label: t('participants.Viewer') }, { value: 'Editor', label: t('participants.Editor') }];

  const run = async (fn: () => Promise<{ message: string | null }>) => {
    try {
      const r = await fn();
      notify('success', r.message ?? t('done'));
      props.onChanged();
      return true;
    } catch (err) {
      const e = err as { serverMessage?: string; message?: string };
      notify('error', e.serverMessage ?? e.message ?? '');
      return false;
    }
  };

  const addUser = async () => {
    if (!userId) return setUserError(M.required);
    setUserError(null);
    if (await run(() => membersApi.add(meeting.id, { user_id: [userId], type: role }))) setUserId(null);
  };
  const addGuest = async () => {
    const e = guestEmailError(email);
    setEmailError(e);
    if (e) return;
    // the guest's name, when given, is how the meeting shows them (not a cut e-mail address)
    const name = guestName.trim();
    if (await run(() => membersApi.add(meeting.id, { user_email: email.trim(), organization_guest: orgGuest ? 1 : 0, type: role, ...(name ? { guest_name: name } : {}) }))) {
      setEmail('');
      setGuestName('');
      setOrgGuest(false);
    }
  };

  return (
    <Sidebar visible={props.visible} onHide={props.onHide} position="right" style={{ width: 'min(500px, 100vw)' }} header={<h2 className="drawer-title">{t('participants.manage')}</h2>} data-testid="participants-drawer">
      <div className="add-member">
        <Field id="add-role" label={t('participants.role')}>
          <Dropdown inputId="add-role" value={role} options={roles} onChange={(e) => setRole(e.value as 'Viewer' | 'Editor')} data-testid="add-role" />
        </Field>
        <Field id="add-user" label={t('participants.addUser')} error={userError}>
          <div className="p-inputgroup">
            <Dropdown
              inputId="add-user"
              value={userId}
              options={(users.data ?? []).filter((u) => !present.has(u.id)).map((u) => ({ value: u.id, label: u.name }))}
              onChange={(e) => setUserId(e.value as number)}
              filter
              placeholder={t('participants.chooseUser')}
              // while the people load the list would say there is no one to add: the field waits for them
              disabled={users.data === undefined && !users.error}
              data-testid="add-user"
            />
            <Button type="button" icon="pi pi-plus" onClick={() => void addUser()} aria-label={t('participants.add')} data-testid="add-user-submit" />
          </div>
        </Field>
        <Field id="add-guest-name" label={t('participants.guestName')}>
          <InputText id="add-guest-name" value={guestName} onChange={(e) => setGuestName(e.target.value)} maxLength={255} autoComplete="off" data-testid="add-guest-name" />
        </Field>
        <Field id="add-email" label={t('participants.addEmail')} error={emailError}>
          <div className="p-inputgroup">
            <InputText id="add-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.com" data-testid="add-email" />
            <Button type="button" icon="pi pi-plus" onClick={() => void addGuest()} aria-label={t('participants.add')} data-testid="add-email-submit" />
          </div>
        </Field>
        <div className="form-row">
          <Checkbox inputId="add-org-guest" checked={orgGuest} onChange={(e) => setOrgGuest(!!e.checked)} />
          <label htmlFor="add-org-guest">{t('participants.orgGuest')}</label>
        </div>
      </div>
      <ul className="people-list people-list--drawer" data-testid="participants-list">
        {list.map((p) => (
          <li key={p.member_id} data-testid={`member-row-${p.member_id}`}>
            <div className="people-list__row">
              <UserAvatar name={memberName(p)} image={p.user?.image} />
              <span className="people-list__name" title={p.user_email ?? undefined}>
                <bdi>{memberName(p)}</bdi>
                {!p.user_id && <small className="guest-label">{p.organization_guest ? t('participants.orgGuest') : t('participants.guest')}</small>}
                {!p.user_id && p.user_email && memberName(p) !== shortEmail(p.user_email) && <small className="muted block"><bdi>{shortEmail(p.user_email)}</bdi></small>}
                <GuestLinkState member={p} />
              </span>
              {p.can_change_type ? (
                <Dropdown value={p.type} options={roles} onChange={(e) => void run(() => membersApi.changeType(meeting.id, p, e.value as 'Viewer' | 'Editor'))} aria-label={t('participants.role')} className="p-inputtext-sm" data-testid={`member-type-${p.member_id}`} />
              ) : (
                <span className="muted">{t(`participants.${p.type}`)}</span>
              )}
              {!p.user_id && meeting.permissions.manageParticipants && (
                <Button type="button" icon="pi pi-pencil" text rounded size="small" aria-label={t('participants.editGuest')} onClick={() => setEditing(editing === p.member_id ? null : p.member_id)} />
              )}
              {p.guest_link?.can_revoke && (
                <Button
                  type="button"
                  icon="pi pi-ban"
                  text
                  rounded
                  size="small"
                  severity="danger"
                  aria-label={t('participants.link.revoke')}
                  data-testid={`guest-link-revoke-${p.member_id}`}
                  onClick={() => confirmAction({ message: t('participants.link.revokeConfirm', { name: memberName(p) }), danger: true, accept: () => void run(() => membersApi.setGuestLink(meeting.id, p, { revoke: true })) })}
                />
              )}
              {p.can_remove && (
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  rounded
                  size="small"
                  severity="danger"
                  aria-label={m(t('participants.remove'))}
                  data-testid={`member-remove-${p.member_id}`}
                  onClick={() => confirmAction({ message: t('participants.removeConfirm', { name: memberName(p) }), danger: true, accept: () => void run(() => membersApi.remove(meeting.id, p)) })}
                />
              )}
            </div>
            {editing === p.member_id && (
              <GuestEditForm
                meetingId={meeting.id}
                member={p}
                onDone={() => {
                  setEditing(null);
                  props.onChanged();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </Sidebar>
  );
}
