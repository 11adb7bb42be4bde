import { Routes, type MinutesItem, type MinutesState, type MinutesWorkflow } from '@app/contracts';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCommand } from '../../../api/client';
import { notify } from '../../../api/notify';
import { formatDateTime } from '../../../lib/dates';
import { versionDate } from './version-date';

const SEVERITY: Record<MinutesWorkflow['state'], 'info' | 'warning' | 'success' | 'secondary'> = {
  draft: 'secondary', in_review: 'info', in_approval: 'warning', approved: 'success', published: 'success',
};

/** a fieldset of checkboxes over the meeting's members (the reviewers) */
function PeoplePicker(props: { id: string; legend: string; people: MinutesWorkflow['candidates']; chosen: number[]; onChange: (ids: number[]) => void }) {
  return (
    <fieldset className="minutes-people" data-testid={`${props.id}-picker`}>
      <legend>{props.legend}</legend>
      {props.people.map((p) => {
        const id = `${props.id}-${p.user_id}`;
        const on = props.chosen.includes(p.user_id);
        return (
          <div key={p.user_id} className="flex align-items-center gap-2">
            <input type="checkbox" id={id} checked={on} onChange={() => props.onChange(on ? props.chosen.filter((x) => x !== p.user_id) : [...props.chosen, p.user_id])} data-testid={id} />
            <label htmlFor={id}>{p.name}</label>
          </div>
        );
      })}
    </fieldset>
  );
}

/** a server date-time ('YYYY-MM-DD HH:mm[:ss]', the meeting's zone) as the date-time input holds it ('YYYY-MM-DDTHH:mm') */
const inputValue = (server: string | null | undefined): string => server?.slice(0, 16).replace(' ', 'T') ?? '';

/**
 * The review's deadline while the minutes are in review (docs/minutes.md#changing-the-deadline): the date in the
 * reader's language like the page's other dates, and for the owner (`change_deadline`) a way to change it or clear it.
 * A refused date shows the server's field error under the input; the card takes the answer as its new state.
 */
function ReviewDeadline(props: { state: MinutesState; onChanged: (s: MinutesState) => void }) {
  const { t, i18n } = useTranslation('minutes');
  const s = props.state;
  const w = s.workflow!;
  const may = w.permissions.change_deadline;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (w.state !== 'in_review' || (!w.review_deadline && !may)) return null;
  const inputId = `minutes-review-deadline-new-${s.meeting_id}`;
  const errorId = `${inputId}-error`;

  const save = async (deadline: string | null) => {
    setBusy(true);
    setError(null);
    try {
      const r = await apiCommand(Routes.changeReviewDeadline, { params: { id: s.meeting_id }, body: { deadline } });
      if (r.message) notify('success', r.message);
      setEditing(false);
      props.onChanged(r.data);
    } catch (e) {
      // the request layer showed the catalogue's toast; the field's own message goes under the input
      if (e instanceof ApiError) setError(e.fieldErrors.deadline ?? null);
    } finally {
      setBusy(false);
    }
  };
  const edit = () => {
    setValue(inputValue(w.review_deadline));
    setError(null);
    setEditing(true);
  };

  return (
    <div className="minutes-deadline" data-testid="minutes-review-deadline-row">
      <div className="flex align-items-center gap-2 flex-wrap">
        <small data-testid={w.review_deadline ? 'minutes-review-deadline' : 'minutes-review-deadline-none'}>
          {w.review_deadline ? t('workflow.deadlineIs', { date: formatDateTime(w.review_deadline, i18n.language) }) : t('workflow.noDeadline')}
        </small>
        {may && !editing && (
          <Button type="button" icon="pi pi-calendar" text size="small" label={t(w.review_deadline ? 'workflow.changeDeadline' : 'workflow.setDeadline')} disabled={busy} onClick={edit} data-testid="minutes-review-deadline-edit" />
        )}
        {may && !editing && w.review_deadline && (
          <Button type="button" icon="pi pi-times" text size="small" severity="secondary" label={t('workflow.clearDeadline')} disabled={busy} onClick={() => void save(null)} data-testid="minutes-review-deadline-clear" />
        )}
      </div>
      {editing && (
        <div className="field" data-testid="minutes-review-deadline-editor">
          <label htmlFor={inputId}>{t('workflow.newDeadline')}</label>
          <input
            id={inputId} type="datetime-local" className={`p-inputtext p-component${error ? ' p-invalid' : ''}`} value={value} onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} data-testid="minutes-review-deadline-new"
          />
          {error && <small id={errorId} className="p-error block" data-testid="minutes-review-deadline-error">{error}</small>}
          <div className="create-buttons">
            <Button type="button" label={t('workflow.saveDeadline')} disabled={busy || !value} onClick={() => void save(value)} data-testid="minutes-review-deadline-save" />
            <Button type="button" label={t('workflow.cancelDeadline')} outlined disabled={busy} onClick={() => setEditing(false)} data-testid="minutes-review-deadline-cancel" />
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The minutes workflow in the minutes card (docs/minutes.md#the-workflow): the edition's state, the reviewers' picker
 * and "Send for review", the reviewers' comments per section (and a reviewer's comment form), who will sign (the
 * meeting's chair, then its secretary where the organization asks for it; or which role the meeting must name first)
 * and "Send for approval", "Publish", "Start a correction", and the history of every edition. It offers what the
 * service's `workflow.permissions` allow, nothing it works out itself.
 */
export function WorkflowPanel(props: { state: MinutesState; onChanged: (s: MinutesState) => void }) {
  const { t, i18n } = useTranslation('minutes');
  const s = props.state;
  const w = s.workflow!;
  const p = w.permissions;
  const [reviewers, setReviewers] = useState<number[]>(() => w.reviewers.map((r) => r.user_id));
  // the first send's deadline as the date-time input holds it (YYYY-MM-DDTHH:mm, the meeting's zone); '' : none
  const [deadline, setDeadline] = useState('');
  const [section, setSection] = useState(() => (s.items[0] ? `${s.items[0].type}:${s.items[0].id}` : ''));
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  // an Archived meeting that never named a signer: the owner names them here (docs/minutes.md#who-signs)
  const [named, setNamed] = useState<Partial<Record<'chair' | 'secretary', number>>>({});
  const nameOf = (i: MinutesItem) => (i.type === 'meeting' ? t('meetingItem') : i.title);

  const run = async (go: () => Promise<{ data: MinutesState; message: string | null }>, after?: () => void) => {
    setBusy(true);
    try {
      const r = await go();
      if (r.message) notify('success', r.message);
      props.onChanged(r.data);
      after?.();
    } catch {
      /* the request layer showed the catalogue's toast */
    } finally {
      setBusy(false);
    }
  };
  const params = { id: s.meeting_id };
  // sent again (in review) the deadline has one control, the deadline line's (ReviewDeadline): the review keeps the one
  // it has (the API drops a deadline a send does not carry), as the card shows it now; a passed one is changed or
  // cleared there first (the API refuses a passed deadline). The first send (a draft) has its own input.
  const again = w.state === 'in_review';
  const sendDeadline = again ? w.review_deadline : deadline || null;
  const sendReview = () => run(() => apiCommand(Routes.sendMinutesForReview, { params, body: sendDeadline ? { reviewers, deadline: sendDeadline } : { reviewers } }));
  const passedBlocks = again && w.review_deadline_passed;
  const sendApproval = () =>
    run(() => apiCommand(Routes.sendMinutesForApproval, { params, body: w.name_signers ? { chair_user_id: named.chair, secretary_user_id: named.secretary } : {} }));
  const signersNamed = !w.name_signers || w.signers_missing.every((role) => named[role] !== undefined);
  const publish = () => run(() => apiCommand(Routes.publishMinutes, { params, body: {} }));
  const correct = () => run(() => apiCommand(Routes.startMinutesCorrection, { params, body: {} }));
  const addComment = () => {
    const [type, id] = section.split(':');
    return run(() => apiCommand(Routes.addReviewComment, { params, body: { type: type as MinutesItem['type'], item_id: Number(id), comment } }), () => setComment(''));
  };

  const beforeApproval = w.state === 'draft' || w.state === 'in_review';
  const bySection = s.items
    .map((i) => ({ item: i, comments: w.review_comments.filter((c) => c.type === i.type && c.item_id === i.id) }))
    .filter((x) => x.comments.length > 0);

  return (
    <div className="minutes-workflow" data-testid="minutes-workflow">
      <div className="flex align-items-center gap-2 flex-wrap">
        <strong>{t('workflow.edition', { n: w.edition })}</strong>
        <Tag value={t(`workflow.state.${w.state}`)} severity={SEVERITY[w.state]} data-testid="minutes-state" data-state={w.state} />
      </div>
      {!p.editable && <small className="muted" data-testid="minutes-locked">{t(w.state === 'published' ? 'workflow.lockedPublished' : 'workflow.lockedSigning')}</small>}
      {w.reviewers.length > 0 && <p className="m-0"><small>{t('workflow.reviewersAre', { names: w.reviewers.map((r) => r.name).join(', ') })}</small></p>}
      {w.approvers.length > 0 && w.state !== 'draft' && w.state !== 'in_review' && <p className="m-0"><small>{t('workflow.approversAre', { names: w.approvers.map((r) => r.name).join(', ') })}</small></p>}
      <ReviewDeadline state={s} onChanged={props.onChanged} />
      {w.review_pending.length > 0 && <p className="m-0" data-testid="minutes-review-pending"><small>{t('workflow.pending', { names: w.review_pending.map((r) => r.name).join(', ') })}</small></p>}
      {w.review_deadline_passed && p.send_review && <Message severity="warn" text={t('workflow.deadlinePassed')} data-testid="minutes-review-deadline-passed" />}

      {p.send_review && (
        <div className="field">
          <PeoplePicker id="minutes-reviewer" legend={t('workflow.reviewers')} people={w.candidates} chosen={reviewers} onChange={setReviewers} />
          {!again && (
            <>
              <label htmlFor={`minutes-review-deadline-${s.meeting_id}`}>{t('workflow.deadline')}</label>
              <input
                id={`minutes-review-deadline-${s.meeting_id}`} type="datetime-local" className="p-inputtext p-component" value={deadline}
                onChange={(e) => setDeadline(e.target.value)} aria-describedby={`minutes-review-deadline-hint-${s.meeting_id}`} data-testid="minutes-review-deadline-input"
              />
              <small id={`minutes-review-deadline-hint-${s.meeting_id}`} className="muted block">{t('workflow.deadlineHint')}</small>
            </>
          )}
          {passedBlocks && <small id={`minutes-send-again-hint-${s.meeting_id}`} className="block" role="note" data-testid="minutes-send-again-passed">{t('workflow.sendAgainPassed')}</small>}
          <Button
            type="button" icon="pi pi-users" label={t('workflow.sendReview')} outlined disabled={busy || !reviewers.length || passedBlocks} onClick={() => void sendReview()}
            aria-describedby={passedBlocks ? `minutes-send-again-hint-${s.meeting_id}` : undefined} data-testid="minutes-send-review"
          />
        </div>
      )}

      {bySection.length > 0 && (
        <div data-testid="minutes-review-comments">
          <h3 className="text-base">{t('workflow.comments')}</h3>
          {bySection.map(({ item, comments }) => (
            <div key={`${item.type}-${item.id}`} data-testid={`minutes-review-section-${item.type}-${item.id}`}>
              <strong>{nameOf(item)}</strong>
              <ul className="minutes-comments">
                {comments.map((c) => <li key={c.id}><b>{c.user_name}</b>: {c.comment}</li>)}
              </ul>
            </div>
          ))}
        </div>
      )}

      {p.review_comment && (
        <div className="field" data-testid="minutes-review-form">
          <label htmlFor={`minutes-review-section-${s.meeting_id}`}>{t('workflow.section')}</label>
          <select id={`minutes-review-section-${s.meeting_id}`} className="p-inputtext p-component w-full" value={section} onChange={(e) => setSection(e.target.value)} data-testid="minutes-review-section">
            {s.items.map((i) => <option key={`${i.type}:${i.id}`} value={`${i.type}:${i.id}`}>{nameOf(i)}</option>)}
          </select>
          <InputTextarea value={comment} onChange={(e) => setComment(e.target.value)} rows={2} className="w-full" aria-label={t('workflow.reviewComment')} placeholder={t('workflow.reviewComment')} data-testid="minutes-review-text" />
          <Button type="button" label={t('workflow.addComment')} disabled={busy || !comment.trim()} onClick={() => void addComment()} data-testid="minutes-review-submit" />
        </div>
      )}

      {beforeApproval && w.signers.length > 0 && <p className="m-0" data-testid="minutes-signers"><small>{t('workflow.signersAre', { names: w.signers.map((r) => r.name).join(', ') })}</small></p>}
      {beforeApproval && !w.name_signers && w.signers_missing.map((role) => (
        <p key={role} className="m-0" role="note" data-testid={`minutes-signer-missing-${role}`}><small>{t(`workflow.missing.${role}`)}</small></p>
      ))}
      {beforeApproval && p.send_approval && w.name_signers && w.signers_missing.map((role) => (
        <div key={role} className="field" data-testid={`minutes-signer-choose-${role}`}>
          <label htmlFor={`minutes-signer-${role}-${s.meeting_id}`}>{t(`workflow.choose.${role}`)}</label>
          <select
            id={`minutes-signer-${role}-${s.meeting_id}`} className="p-inputtext p-component w-full" value={named[role] ?? ''} data-testid={`minutes-signer-${role}`}
            onChange={(e) => setNamed((x) => ({ ...x, [role]: e.target.value ? Number(e.target.value) : undefined }))}
          >
            <option value="">{t('workflow.choosePerson')}</option>
            {w.signer_candidates.map((c) => <option key={c.user_id} value={c.user_id}>{c.name}</option>)}
          </select>
        </div>
      ))}
      {p.send_approval && (
        <div className="field">
          <Button type="button" icon="pi pi-verified" label={t('workflow.sendApproval')} disabled={busy || !signersNamed} onClick={() => void sendApproval()} data-testid="minutes-send-approval" />
        </div>
      )}

      <div className="create-buttons">
        {p.publish && <Button type="button" icon="pi pi-send" label={t('workflow.publish')} disabled={busy} onClick={() => void publish()} data-testid="minutes-publish" />}
        {p.correct && <Button type="button" icon="pi pi-replay" label={t('workflow.correct')} outlined disabled={busy} onClick={() => void correct()} data-testid="minutes-correct" />}
        {w.history.length > 0 && (
          <Button type="button" icon="pi pi-list" label={t('workflow.history')} text aria-expanded={showHistory} onClick={() => setShowHistory((x) => !x)} data-testid="minutes-workflow-history-toggle" />
        )}
      </div>

      {showHistory && (
        <ol className="people-list" data-testid="minutes-workflow-history">
          {w.history.map((h, n) => (
            <li key={n} className="flex flex-wrap gap-2">
              <span>{t('workflow.edition', { n: h.edition })}</span>
              <strong>{t(`workflow.action.${h.action}`)}</strong>
              <span>{h.actor_name}</span>
              {h.action === 'deadline_changed' ? (
                <small className="muted">{h.note ? formatDateTime(h.note, i18n.language) : t('workflow.deadlineCleared')}</small>
              ) : (
                h.note && <small className="muted">{h.note}</small>
              )}
              <small className="muted">{versionDate(h.at)}</small>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
