import { M, MM, SECRET_CHOICES, VOTE_VALUES, type Vote } from '@app/contracts';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { notify } from '../../../api/notify';
import { decisionsApi, resolutionsApi, type Decision } from '../../../api/decisions';
import { Field } from '../../../components/Field';
import { useMessage } from '../../../i18n';
import { personKey, personName } from './people';
import { reasonDisabled, reasonRequired } from './vote-rules';
import { TallyDonut } from './TallyDonut';
import { BallotReceipt } from './BallotReceipt';
import { choiceNames } from './ElectionResult';

/** the voter rows the actor may vote for: their own, or any when the server says they vote for others */
function votable(decision: Decision) {
  return decision.voters.filter((v) => v.can_change);
}

/** labels of the five values in this variant's wording (the tallies carry them) */
export function voteLabels(decision: Pick<Decision, 'tallies'> & Partial<Pick<Decision, 'ballot'>>): Array<{ value: Vote; label: string }> {
  // a secret ballot is voted once: Pending is not a choice there (and its tallies are withheld while open, so the labels are the values)
  const values: readonly Vote[] = decision.ballot === 'secret' ? SECRET_CHOICES : VOTE_VALUES;
  return values.map((value) => ({ value, label: decision.tallies.find((x) => x.vote === value)?.label ?? value }));
}

/**
 * The vote dialog (800): the five values, a reason required for Denied and Others and disabled for
 * Pending, an administrator's choice of voter, and the tally. What may be done comes from the server
 * (can_vote, can_vote_for_others, voting_open, each voter's can_change).
 */
export function VoteDialog(props: { decision: Decision; visible: boolean; onHide(): void; onVoted(): void; guestToken?: string; standalone?: boolean }) {
  const { t } = useTranslation('decisions');
  const m = useMessage();
  const d = props.decision;
  const rows = useMemo(() => votable(d), [d]);
  const [voter, setVoter] = useState<string>('');
  // a vote starts with no choice (docs/product/votes.md#the-vote-dialog): Submit waits for one
  const [vote, setVote] = useState<Vote | null>(null);
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [alerts, setAlerts] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // a secret vote's receipt, shown once in this dialog until it is closed
  const [receipt, setReceipt] = useState<string | null>(null);
  const secret = d.ballot === 'secret';
  // an election: the candidates chosen (0 to seats; none is a blank ballot)
  const election = d.election;
  const [choices, setChoices] = useState<number[]>([]);

  useEffect(() => {
    if (!props.visible) return;
    setReceipt(null);
    setVoter(rows.length === 1 || !d.can_vote_for_others ? (personKey(rows[0] ?? { user_id: null, user_email: null }) ?? '') : '');
    setVote(null);
    setChoices(d.election?.my_choices ?? []);
    setReason('');
    setSubmitted(false);
    setAlerts([]);
  }, [props.visible, d.id]);

  const row = rows.find((r) => personKey(r) === voter) ?? null;
  const reasonError = submitted && vote !== null && reasonRequired(vote) && !reason.trim() ? MM.reasonRequired : null;
  const voterError = submitted && d.can_vote_for_others && !row ? M.required : null;

  const submit = async () => {
    setSubmitted(true);
    setAlerts([]);
    if (d.can_vote_for_others && !row) return;
    if (!election && (vote === null || (reasonRequired(vote) && !reason.trim()))) return;
    const body = {
      ...(election ? { choices } : { vote: vote ?? undefined, reason: vote === null || reasonDisabled(vote) ? undefined : reason.trim() || undefined }),
      ...(row && d.can_vote_for_others && !props.guestToken ? (row.user_id ? { user_id: row.user_id } : { user_email: row.user_email ?? undefined }) : {}),
    };
    setBusy(true);
    try {
      const { data } = props.standalone ? await resolutionsApi.vote(d.id, body) : await decisionsApi.vote(d.id, body, props.guestToken);
      // the toast says what was recorded, and for whom when the dialog let the caller pick the voter (the answer's own
      // message is only 'Done'); the choice in the variant's wording, as the dialog showed it
      // an election: the candidates chosen (or a blank ballot)
      const choice = election ? choiceNames(election, choices, t('election.blank')) : t(voteLabels(d).find((o) => o.value === vote)?.label ?? vote ?? '');
      const picked = row && d.can_vote_for_others && !props.guestToken && rows.length > 1;
      notify('success', data.receipt ? t('vote.recordedSecret') : picked ? t('vote.recordedFor', { name: personName(row), vote: choice }) : t('vote.recorded', { vote: choice }));
      props.onVoted();
      // a secret vote: the dialog stays open on the receipt, which is shown this once
      if (data.receipt) setReceipt(data.receipt);
      else props.onHide();
    } catch (err) {
      if (err instanceof ApiError) {
        const values = Object.values(err.fieldErrors);
        setAlerts(values.length ? values : [err.serverMessage ?? err.message]);
      } else throw err;
    } finally {
      setBusy(false);
    }
  };

  if (receipt) {
    return (
      <Dialog
        header={t('receipt.title')}
        visible={props.visible}
        onHide={props.onHide}
        style={{ width: '800px' }}
        breakpoints={{ '880px': '95vw' }}
        footer={<div className="dialog-footer"><Button type="button" label={t('close')} onClick={props.onHide} data-testid="ballot-receipt-close" /></div>}
        data-testid="vote-dialog"
      >
        <BallotReceipt receipt={receipt} />
      </Dialog>
    );
  }

  const footer = (
    <div className="dialog-footer">
      <Button type="button" label={t('cancel')} outlined onClick={props.onHide} />
      <Button type="button" label={t('vote.submit')} onClick={() => void submit()} loading={busy} data-testid="vote-submit" disabled={!d.voting_open || (!election && vote === null)} />
    </div>
  );

  return (
    <Dialog header={t('vote.title')} visible={props.visible} onHide={props.onHide} style={{ width: '800px' }} breakpoints={{ '880px': '95vw' }} footer={footer} data-testid="vote-dialog">
      <h4 className="vote__decision">{d.title}</h4>
      {secret && <Message severity="info" text={t('secret.voteNote')} className="vote__alert" data-testid="vote-secret-note" />}
      {alerts.map((a, i) => (
        <Message key={i} severity="error" text={m(a)} className="vote__alert" data-testid="vote-alert" />
      ))}
      {d.can_vote_for_others && (
        <Field id="vote-voter" label={t('vote.voter')} required error={voterError}>
          <Dropdown
            inputId="vote-voter"
            value={voter}
            options={rows.map((r) => ({ value: personKey(r) ?? '', label: `${personName(r)} (${t(r.vote_label)})` }))}
            onChange={(e) => setVoter(String(e.value))}
            filter
            placeholder={t('vote.chooseVoter')}
            data-testid="vote-voter"
          />
        </Field>
      )}
      {election ? (
        <fieldset className="vote__values" data-testid="vote-candidates">
          <legend>{t('election.choose', { seats: election.seats })}</legend>
          {election.candidates.map((c) => {
            const checked = choices.includes(c.id);
            return (
              <div key={c.id} className="vote__value">
                <Checkbox
                  inputId={`vote-candidate-${c.id}`}
                  checked={checked}
                  disabled={!checked && choices.length >= election.seats}
                  onChange={() => setChoices(checked ? choices.filter((x) => x !== c.id) : [...choices, c.id])}
                />
                <label htmlFor={`vote-candidate-${c.id}`}>
                  <bdi>{c.name}</bdi>
                </label>
              </div>
            );
          })}
          <small className="vote__hint" data-testid="vote-candidates-count">
            {choices.length ? t('election.chosen', { n: choices.length, seats: election.seats }) : t('election.blankHint')}
          </small>
        </fieldset>
      ) : (
        <>
          <fieldset className="vote__values" data-testid="vote-values">
            <legend>{t('vote.value')}</legend>
            {voteLabels(d).map((o) => (
              <div key={o.value} className="vote__value">
                <RadioButton inputId={`vote-${o.value}`} name="vote" value={o.value} checked={vote === o.value} onChange={() => setVote(o.value)} />
                <label htmlFor={`vote-${o.value}`}>{t(o.label)}</label>
              </div>
            ))}
          </fieldset>
          <Field id="vote-reason" label={t('vote.reason')} required={vote !== null && reasonRequired(vote)} error={reasonError}>
            <InputTextarea
              id="vote-reason"
              value={vote !== null && reasonDisabled(vote) ? '' : reason}
              disabled={vote === null || reasonDisabled(vote)}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              autoResize
              className={reasonError ? 'p-invalid' : undefined}
              data-testid="vote-reason"
            />
          </Field>
        </>
      )}
      {secret && <small className="vote__hint">{t('secret.reasonNote')}</small>}
      {!d.voting_open && <Message severity="warn" text={t('vote.closed')} />}
      {!election && d.tallies.length > 0 && <TallyDonut tallies={d.tallies} total={d.total_voters} />}
    </Dialog>
  );
}
