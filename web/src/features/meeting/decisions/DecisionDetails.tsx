import './decisions.css';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { decisionsApi, resolutionsApi, type Decision } from '../../../api/decisions';
import { notify } from '../../../api/notify';
import { UserAvatar } from '../../../components/Avatar';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { AttachmentLinks } from '../details/AttachmentChips';
import { personName, saveErrorMessage } from './people';
import { TallyDonut } from './TallyDonut';
import { VoteDialog } from './VoteDialog';
import { BallotList } from './BallotList';
import { ElectionResult, choiceNames } from './ElectionResult';
import { VOTE_COLOURS } from './vote-rules';
import { showsWeights } from '@app/contracts';

const HIDE_FAILED = 'Something went wrong, please try again later';

/**
 * A decision as the server sent it: state, deadline, attachments, the tally, the voters and their
 * votes, and the buttons the server's flags allow (vote, end/resume, hide/unhide, edit, delete).
 */
export function DecisionDetails(props: {
  decision: Decision;
  guestToken?: string;
  standalone?: boolean;
  onChanged(): void | Promise<void>;
  onEdit?(): void;
  onDelete?(): void;
  onError(message: string): void;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('decisions');
  const m = useMessage();
  const d = props.decision;
  const [voting, setVoting] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<string | null>, fallback?: string) => {
    setBusy(true);
    try {
      notify('success', m((await fn()) ?? 'Done'));
      await props.onChanged();
    } catch (err) {
      props.onError(fallback ?? saveErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const canVote = (d.can_vote || d.can_vote_for_others) && d.voting_open;
  const weighted = showsWeights(d);
  const end = (ended: boolean) => (props.standalone ? resolutionsApi.setEnded(d.id, ended) : decisionsApi.setFulfilled(d.id, ended));

  return (
    <div className="decision-details" data-testid="decision-details">
      <div className="decision-details__meta">
        {/* a decision whose allow-voting switch is off is neither OPEN nor overdue: it takes no votes at all */}
        {d.voting_closed_reason === 'not_decisionable' ? (
          <Tag value={t('NO_VOTING')} severity="secondary" data-testid="decision-state" />
        ) : (
          <Tag value={t(d.state)} severity={d.state === 'DUE' ? 'danger' : 'success'} data-testid="decision-state" />
        )}
        {d.is_fulfilled && <Tag value={t('ended')} severity="secondary" />}
        {d.is_visible === 0 && <Tag value={t('hidden')} severity="warning" />}
        {d.ballot === 'secret' && <Tag value={t('secret.tag')} icon="pi pi-lock" severity="info" data-testid="decision-secret" />}
        {d.resolution_number && (
          <span data-testid="decision-number">
            {t('resolutionNumber', { number: d.resolution_number })}
          </span>
        )}
        {d.my_conflict && <Tag value={t('myConflict')} severity="warning" data-testid="decision-my-conflict" />}
        {d.committee && <span className="decision-details__committee">{d.committee.name}</span>}
        {d.tender_number && (
          <span>
            {t('tenderNumber')}: {d.tender_number}
          </span>
        )}
        <span data-testid="decision-deadline-text">
          {t('deadline')}: <bdi>{formatDateTime(d.deadline, i18n.language)}</bdi>
        </span>
      </div>
      {d.description && <p className="decision-details__description">{d.description}</p>}
      <AttachmentLinks items={d.attachments} meetingId={d.meeting_id ?? null} guestToken={props.guestToken} />
      {!d.voting_open && d.voting_closed_reason && <small className="decision-details__closed">{t(`closed.${d.voting_closed_reason}`)}</small>}
      {d.ballot === 'secret' && (
        <p className="decision-details__secret" data-testid="decision-secret-cast">
          {t('secret.cast', { cast: d.votes_cast, total: d.total_voters })} {d.voting_open ? t('secret.talliesLater') : ''}
        </p>
      )}
      {d.election ? (
        <ElectionResult decision={d} />
      ) : (
        <>
          {d.tallies.length > 0 && <TallyDonut tallies={d.tallies} total={d.total_voters} />}
          <DecisionResult decision={d} />
        </>
      )}
      <ul className="voter-list" data-testid="voter-list">
        {d.voters.map((v) => (
          <li key={v.id} className="voter-list__row">
            <UserAvatar name={personName(v)} image={v.user?.image} />
            <span className="voter-list__name">{personName(v)}</span>
            {d.ballot === 'secret' ? (
              <Tag value={t(v.has_voted ? 'secret.voted' : 'secret.notVoted')} severity={v.has_voted ? 'success' : 'warning'} data-testid={`voter-vote-${v.id}`} />
            ) : d.election ? (
              // an open election shows whom each voter chose
              <Tag
                value={v.choices ? choiceNames(d.election, v.choices, t('election.blank')) : t(v.vote_label)}
                severity={v.choices ? 'success' : 'warning'}
                data-testid={`voter-vote-${v.id}`}
              />
            ) : (
              <Tag value={t(v.vote_label)} style={{ background: VOTE_COLOURS[v.vote] }} data-testid={`voter-vote-${v.id}`} />
            )}
            {weighted && <small className="voter-list__weight">{t('result.weight', { weight: v.weight })}</small>}
            {v.reason && <small className="voter-list__reason">{v.reason}</small>}
          </li>
        ))}
      </ul>
      {d.ballots_published && <BallotList decision={d} guestToken={props.guestToken} />}
      <div className="decision-details__actions">
        {canVote && <Button type="button" label={t('vote.open')} icon="pi pi-check-square" onClick={() => setVoting(true)} data-testid="decision-vote" />}
        {!props.guestToken && d.can_end && <Button type="button" label={t('endVoting')} outlined loading={busy} onClick={() => void run(() => end(true))} data-testid="decision-end" />}
        {!props.guestToken && d.can_resume && <Button type="button" label={t('resumeVoting')} outlined loading={busy} onClick={() => void run(() => end(false))} data-testid="decision-resume" />}
        {!props.guestToken && !props.standalone && d.can_change_visibility && (
          <Button
            type="button"
            label={d.is_visible ? t('hide') : t('unhide')}
            outlined
            loading={busy}
            onClick={() => void run(() => decisionsApi.setVisible(d.id, d.is_visible === 0), HIDE_FAILED)}
            data-testid="decision-visibility"
          />
        )}
        {props.onEdit && <Button type="button" label={t('edit')} icon="pi pi-pencil" outlined onClick={props.onEdit} data-testid="decision-edit" />}
        {props.onDelete && <Button type="button" label={t('delete')} icon="pi pi-trash" severity="danger" outlined onClick={props.onDelete} data-testid="decision-delete" />}
      </div>
      {props.children}
      <VoteDialog decision={d} visible={voting} onHide={() => setVoting(false)} onVoted={() => void props.onChanged()} guestToken={props.guestToken} standalone={props.standalone} />
    </div>
  );
}

/**
 * The rule the decision is carried under, both counts (by head and, when weights matter, by weight) and the outcome
 * once voting has closed (docs/ballots.md#weights-and-outcome-rules). A secret ballot's counts wait for its close.
 */
export function DecisionResult(props: { decision: Pick<Decision, 'id' | 'outcome_rule' | 'count_by' | 'tallies' | 'weight_tallies' | 'total_weight' | 'total_voters' | 'outcome'> }) {
  const { t } = useTranslation('decisions');
  const d = props.decision;
  const line = (tallies: Decision['tallies']) => tallies.filter((x) => x.count > 0).map((x) => `${t(x.label)} ${x.count}`).join(' · ') || '—';
  return (
    <section className="decision-result" aria-labelledby={`decision-result-${d.id}`} data-testid="decision-result">
      <h4 id={`decision-result-${d.id}`} className="decision-result__title">{t('result.title')}</h4>
      <dl className="decision-result__list">
        <dt>{t('result.rule')}</dt>
        <dd data-testid="decision-result-rule">
          {t(`rule.${d.outcome_rule}`)} · {t(`countBy.${d.count_by}`)}
        </dd>
        {d.tallies.length > 0 && (
          <>
            <dt>{t('result.byHead')}</dt>
            <dd data-testid="decision-result-head">
              <bdi>{line(d.tallies)}</bdi>
            </dd>
          </>
        )}
        {d.weight_tallies.length > 0 && showsWeights(d) && (
          <>
            <dt>{t('result.byWeight')}</dt>
            <dd data-testid="decision-result-weight">
              <bdi>{line(d.weight_tallies)}</bdi>
            </dd>
          </>
        )}
        {d.outcome && (
          <>
            <dt>{t('result.outcome')}</dt>
            <dd data-testid="decision-result-outcome">{t(d.outcome)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
