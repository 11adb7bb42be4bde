import { MINUTES_LANGS, normalizeConclusion, Routes, type MeetingDetails, type MinutesItem, type MinutesLang, type MinutesState } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiCommand } from '../../../api/client';
import { notify } from '../../../api/notify';
import { useApi, useRevalidate } from '../../../hooks/use-api';
import { saveBlob } from '../../../lib/download';
import { isLocalOrTestHost } from '../../../lib/host';
import { LANGUAGE_NAMES } from '../../../shell/LanguageSwitcher';
import { UploadMinutes } from './UploadMinutes';
import { WorkflowPanel } from './WorkflowPanel';

import { versionDate } from './version-date';

export { versionDate };

const isMinutesLang = (l: string | undefined): l is MinutesLang => (MINUTES_LANGS as readonly string[]).includes(l ?? '');
/** the language Done writes the PDF in until the owner picks another: the newest version's, else the interface's (else English) */
export function defaultMinutesLang(versions: MinutesState['mom_versions'], ui: string): MinutesLang {
  const newest = [...versions].sort((a, b) => b.version - a.version)[0]?.lang;
  if (isMinutesLang(newest)) return newest;
  const mine = ui.slice(0, 2);
  return isMinutesLang(mine) ? mine : 'en';
}

interface Draft {
  conclusion: string;
  active: boolean;
  comment: string;
}

/**
 * The minutes card of the meeting page: manage (the dialog with each item's conclusion, active switch and comments,
 * Save and, for the owner, Done in the language the owner chose), the history of versions with their languages, the
 * download, and the PDF job's progress. It shows
 * what the minutes service allows (`permissions`), never its own reading of the rules.
 */
export function MinutesCard(props: { meeting: MeetingDetails }) {
  const { t, i18n } = useTranslation('minutes');
  const [chosenLang, setLang] = useState<MinutesLang | null>(null);
  const id = props.meeting.id;
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState(false);
  const [switching, setSwitching] = useState(false);
  // keyed by the meeting's status too: a change to Live or Archived (the page reloads the meeting on the live event)
  // asks the minutes again, so the card appears without a reload
  const state = useApi('meeting/minutes', [id, props.meeting.meeting_status_id], () => api(Routes.getMinutes, { params: { id } }), {
    refreshInterval: (s?: MinutesState) => (s?.render && (s.render.status === 'queued' || s.render.status === 'rendering') ? 1000 : 0),
  });
  const s = state.data;
  // the approval made when the minutes are sent for approval (at once, or once the signers' version is rendered) shows
  // in the meeting's approvals card without a reload: a new approval id asks that card again
  const revalidate = useRevalidate();
  const approvalId = s?.workflow?.approval_id;
  const seenApproval = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (approvalId === undefined) return;
    const before = seenApproval.current;
    seenApproval.current = approvalId;
    if (before !== undefined && approvalId !== null && approvalId !== before) void revalidate('approvals/meeting');
  }, [approvalId]);
  if (!s || !s.permissions.seeCard) return null;
  const p = s.permissions;
  const busy = s.render && (s.render.status === 'queued' || s.render.status === 'rendering');
  const lang = chosenLang ?? defaultMinutesLang(s.mom_versions, i18n.language);

  const download = async () => {
    try {
      saveBlob(await api(Routes.downloadMinutes, { params: { id } }), `${s.title}.pdf`);
    } catch (e) {
      notify('error', e instanceof Error ? e.message : t('failed'));
    }
  };

  // the meeting's minutes setting (spec §6: the download is offered while it is on); who may turn it on is the service's
  const toggleDownload = async (on: boolean) => {
    setSwitching(true);
    try {
      const r = await apiCommand(Routes.setMinutesSetting, { params: { id }, body: { id, mom_settings: on ? 1 : 0 } });
      void state.mutate(r.data, { revalidate: false });
      notify('success', t(on ? 'setting.on' : 'setting.off'));
    } catch {
      /* the request layer showed the catalogue's toast */
    } finally {
      setSwitching(false);
    }
  };

  return (
    <section className="surface-card" data-testid="minutes-card">
      <h2 className="section-title">{t('title')}</h2>
      {p.toggleSetting && (
        <div className="minutes-setting" data-testid="minutes-setting">
          <InputSwitch inputId={`minutes-setting-${id}`} checked={s.mom_settings === 1} disabled={switching} onChange={(e) => void toggleDownload(!!e.value)} data-testid="minutes-setting-switch" />
          <label htmlFor={`minutes-setting-${id}`}>{t('setting.label')}</label>
          <small className="muted">{t('setting.hint')}</small>
        </div>
      )}
      {p.done && (s.workflow?.permissions.editable ?? true) && (
        // the owner chooses the language of the PDF Done makes, whatever language the readers' screens are in
        <div className="minutes-setting" data-testid="minutes-lang">
          <label htmlFor={`minutes-lang-${id}`}>{t('lang.label')}</label>
          <select id={`minutes-lang-${id}`} className="p-inputtext p-component" value={lang} onChange={(e) => setLang(e.target.value as MinutesLang)} data-testid="minutes-lang-select">
            {MINUTES_LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
          <small className="muted">{t('lang.hint')}</small>
        </div>
      )}
      {busy && (
        <div data-testid="minutes-progress">
          <small>{t('generating')}</small>
          <ProgressBar value={s.render!.progress} />
        </div>
      )}
      {s.render?.status === 'failed' && <Message severity="error" text={t('failed')} />}
      {s.workflow && <WorkflowPanel key={`${s.workflow.edition}-${s.workflow.state}`} state={s} onChanged={(next) => void state.mutate(next, { revalidate: false })} />}
      <div className="create-buttons">
        {p.manage && <Button type="button" icon="pi pi-pencil" label={t('manage')} onClick={() => setOpen(true)} data-testid="minutes-manage" />}
        {!p.manage && p.comment && <Button type="button" icon="pi pi-comment" label={t('comment')} outlined onClick={() => setOpen(true)} data-testid="minutes-manage" />}
        {p.history && <Button type="button" icon="pi pi-history" label={t('history')} outlined onClick={() => setHistory(true)} data-testid="minutes-history" disabled={!s.mom_versions.length} />}
        {p.download && <Button type="button" icon="pi pi-download" label={t('download')} outlined onClick={() => void download()} data-testid="minutes-download" disabled={!s.mom_versions.length} />}
        {p.upload && (s.workflow?.permissions.editable ?? true) && isLocalOrTestHost() && <UploadMinutes meetingId={id} onUploaded={() => void state.mutate()} />}
      </div>
      <MinutesDialog state={s} lang={lang} visible={open} onHide={() => setOpen(false)} onSaved={(next) => void state.mutate(next, { revalidate: false })} />
      <Dialog header={t('history')} visible={history} onHide={() => setHistory(false)} style={{ width: 600 }} data-testid="minutes-history-dialog">
        <ul className="people-list">
          {s.mom_versions.map((v) => (
            <li key={v.id}>
              <span>{t('version', { n: v.version })}</span>
              <span className="spacer" />
              {v.source === 'signed' && <small data-testid={`minutes-version-signed-${v.version}`}>{t('workflow.signedVersion')}</small>}
              <small className="muted" data-testid={`minutes-version-lang-${v.version}`}>{LANGUAGE_NAMES[v.lang] ?? v.lang}</small>
              <small className="muted">{versionDate(v.updated_at)}</small>
              <a href={v.file_url} target="_blank" rel="noreferrer" data-testid={`minutes-version-${v.version}`}>{t('open')}</a>
            </li>
          ))}
        </ul>
      </Dialog>
    </section>
  );
}

/** The manage-minutes dialog (800): conclusions and switches for who may edit, a comment box where commenting is allowed. */
export function MinutesDialog(props: { state: MinutesState; lang?: MinutesLang; visible: boolean; onHide: () => void; onSaved: (s: MinutesState) => void }) {
  const { t } = useTranslation('minutes');
  const s = props.state;
  const p = s.permissions;
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const key = (i: MinutesItem) => `${i.type}:${i.id}`;
  useEffect(() => {
    if (props.visible) setDrafts(Object.fromEntries(s.items.map((i) => [key(i), { conclusion: i.conclusion, active: i.active, comment: '' }])));
  }, [props.visible, s.items]);
  const set = (i: MinutesItem, patch: Partial<Draft>) => setDrafts((d) => ({ ...d, [key(i)]: { ...d[key(i)], ...patch } }));

  const submit = async (done: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const conclusions = s.items.map((i) => {
        const d = drafts[key(i)] ?? { conclusion: i.conclusion, active: i.active, comment: '' };
        return normalizeConclusion({ type: i.type, id: i.id, conclusion: d.conclusion, active: d.active, comment: [d.comment] });
      });
      const r = await apiCommand(Routes.saveConclusions, { params: { id: s.meeting_id }, body: { id: s.meeting_id, isConclusion: true, done: done ? 1 : undefined, mom_lang: done ? props.lang : undefined, conclusions } });
      notify('success', r.message ?? t('saved'));
      props.onSaved(r.data);
      props.onHide();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog header={t('manage')} visible={props.visible} onHide={props.onHide} style={{ width: 800 }} data-testid="minutes-dialog"
      footer={s.can_commit && (s.workflow?.permissions.editable ?? true) ? (
        <div>
          <Button type="button" label={t('save')} outlined onClick={() => void submit(false)} disabled={saving} data-testid="minutes-save" />
          {p.done && <Button type="button" label={t('done')} onClick={() => void submit(true)} disabled={saving} data-testid="minutes-done" />}
        </div>
      ) : undefined}>
      {error && <Message severity="error" text={error} data-testid="minutes-error" />}
      {s.items.map((i) => {
        const d = drafts[key(i)] ?? { conclusion: i.conclusion, active: i.active, comment: '' };
        const k = `${i.type}-${i.id}`;
        // the meeting's own row is named "Meeting" once (its kind said again read "MeetingMeeting"); an item's name
        // and kind are apart; each control names its item, not only "Conclusion"
        const name = i.type === 'meeting' ? t('meetingItem') : i.title;
        return (
          <div key={k} className="field" data-testid={`minutes-item-${k}`}>
            <div className="flex align-items-center gap-2">
              <strong>{name}</strong>
              {i.type !== 'meeting' && <small className="muted">{' '}{t(`type.${i.type}`)}</small>}
              <span className="spacer" />
              {p.edit && <InputSwitch checked={d.active} onChange={(e) => set(i, { active: !!e.value })} data-testid={`minutes-active-${k}`} aria-label={t('activeOf', { item: name })} />}
            </div>
            {p.edit ? (
              <InputTextarea value={d.active ? d.conclusion : ''} disabled={!d.active} onChange={(e) => set(i, { conclusion: e.target.value })} rows={2} autoResize className="w-full" data-testid={`minutes-conclusion-${k}`} aria-label={t('conclusionOf', { item: name })} />
            ) : (
              <p data-testid={`minutes-conclusion-${k}`}>{i.active ? i.conclusion || t('noConclusion') : t('inactive')}</p>
            )}
            {i.comments.length > 0 && (
              <ul className="minutes-comments">
                {i.comments.map((c) => <li key={c.id}><b>{c.user_name}</b>: {c.comment}</li>)}
              </ul>
            )}
            {p.comment && i.active && i.conclusion.trim() !== '' && (
              <InputTextarea value={d.comment} onChange={(e) => set(i, { comment: e.target.value })} rows={2} className="w-full" placeholder={t('addComment')} data-testid={`minutes-comment-${k}`} aria-label={t('commentOn', { item: name })} />
            )}
          </div>
        );
      })}
    </Dialog>
  );
}
