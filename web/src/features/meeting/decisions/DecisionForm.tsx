import './decisions.css';
import { BALLOT_KINDS, COUNT_BY, M, MM, OUTCOME_RULES, zDecisionBody, type Attachment, type Ballot, type CountBy, type OutcomeRule } from '@app/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecisionInput } from '../../../api/decisions';
import { Field } from '../../../components/Field';
import { useForm } from '../../../hooks/use-form';
import { useMessage } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { schemaValidator } from '../../../lib/validation';
import { isBefore, toLocalString } from './datetime';
import { keyToRef, type PersonOption } from './people';
import { selectAllShown } from './vote-rules';
import { AttachmentChips } from '../details/AttachmentChips';

export interface DecisionValues extends Record<string, unknown> {
  title: string;
  description: string;
  deadline: Date | null;
  voters: string[];
  attachments: Array<Pick<Attachment, 'library_id' | 'name'>>;
  decisionable: boolean;
  tender_number: string;
  committee_id: number | null;
  /** open (who voted what is shown) or secret (docs/ballots.md) */
  ballot: Ballot;
  /** the outcome rule and how votes are counted (docs/ballots.md#weights-and-outcome-rules) */
  outcome_rule: OutcomeRule;
  count_by: CountBy;
  /** an election (docs/ballots.md#elections): `seats` among `candidates` (members by user id, or free names) */
  election: boolean;
  seats: number | null;
  candidates: CandidateValue[];
  /** kept as they are: the item the decision hangs on */
  talkingpoint_id: number | null;
  talkingpoint_subpoint_id: number | null;
}

/** a candidate in the form: a member (user_id, `name` shown only) or a free name */
export interface CandidateValue {
  user_id: number | null;
  name: string;
}

export interface DecisionFormOptions {
  /** a meeting decision: the deadline may not be before this start ('YYYY-MM-DD HH:mm:ss') */
  meetingStart?: string | null;
  /** the tender variant's allow-voting switch and tender number */
  votingSwitch?: boolean;
  tenderNumber?: boolean;
  /** standalone resolution: committee required on create, locked on edit */
  committee?: 'choose' | 'locked' | null;
  onSubpoint?: boolean;
  /** the library picker (the decision's `can_add_attachments`; none after the deadline); default shown */
  attachments?: boolean;
  /** the server's `ballot_locked`: a vote has been cast, the ballot kind, the outcome rule and the count stay */
  ballotLocked?: boolean;
}

export function toDecisionInput(v: DecisionValues, o: DecisionFormOptions): DecisionInput {
  return {
    title: v.title,
    description: v.description,
    deadline: toLocalString(v.deadline),
    voters: v.voters.map(keyToRef),
    attachments: v.attachments.map((a) => a.library_id),
    attachment_ids: [],
    ballot: v.ballot,
    outcome_rule: v.outcome_rule,
    count_by: v.count_by,
    // null: not an election (on edit: no longer one, refused by the server once a vote is cast)
    election: v.election ? { seats: v.seats ?? 0, candidates: v.candidates.map((c) => (c.user_id !== null ? { user_id: c.user_id } : { name: c.name })) } : null,
    ...(v.talkingpoint_id ? { talkingpoint_id: v.talkingpoint_id } : {}),
    ...(v.talkingpoint_subpoint_id ? { talkingpoint_subpoint_id: v.talkingpoint_subpoint_id } : {}),
    ...(o.votingSwitch ? { decisionable: v.decisionable ? 1 : 0 } : {}),
    ...(o.tenderNumber ? { tender_number: v.tender_number } : {}),
    ...(o.committee ? { committee_id: v.committee_id ?? undefined } : {}),
  };
}

/** Client rules of the decision form: the contract's body schema, the committee of a new resolution and a deadline not before the meeting start. */
export function decisionValidator(o: DecisionFormOptions) {
  return schemaValidator<DecisionValues>(zDecisionBody, (v) => toDecisionInput(v, o), (v) => ({
    committee_id: o.committee === 'choose' && !v.committee_id ? M.required : undefined,
    deadline: v.deadline && o.meetingStart && isBefore(toLocalString(v.deadline), o.meetingStart) ? MM.afterStart : undefined,
  }));
}

/**
 * The fields of a decision (meeting decision or standalone resolution): title, description, deadline
 * in 15-minute steps, voters with select-all above the threshold, attachments as chips, and the
 * variant's tender number and allow-voting switch.
 */
export function DecisionForm(props: {
  initial: DecisionValues;
  options: DecisionFormOptions;
  people: PersonOption[];
  committees?: Array<{ id: number; name: string }>;
  onCommitteeChange?(id: number | null): void;
  onSubmit(input: DecisionInput): Promise<void>;
  onCancel(): void;
}) {
  const { t, i18n } = useTranslation('decisions');
  const m = useMessage();
  const o = props.options;
  const form = useForm<DecisionValues>(props.initial, decisionValidator(o));
  const v = form.values;
  const submit = form.handleSubmit((values) => props.onSubmit(toDecisionInput(values, o)));
  const deadlineError = form.errors.deadline === MM.afterStart ? m(MM.afterStart).replace('{datetime}', formatDateTime(o.meetingStart ?? '', i18n.language)) : form.errors.deadline;
  const allSelected = props.people.length > 0 && props.people.every((p) => v.voters.includes(p.value));
  const [nameDraft, setNameDraft] = useState('');
  // members (not guests) who are not candidates yet; the server checks they belong to the committee
  const memberOptions = props.people.filter((p) => !p.guest && p.value.startsWith('u:') && !v.candidates.some((c) => c.user_id === Number(p.value.slice(2))));
  const addName = () => {
    const name = nameDraft.trim();
    if (!name) return;
    form.set('candidates', [...v.candidates, { user_id: null, name }]);
    setNameDraft('');
  };
  const electionError = form.errors.election ?? form.errors['election.seats'] ?? form.errors['election.candidates'];

  return (
    <form onSubmit={submit} noValidate data-testid="decision-form" id="decision-form" className="item-form">
      {o.committee && (
        <Field id="decision-committee" label={t('committee')} required error={form.errors.committee_id}>
          <Dropdown
            inputId="decision-committee"
            value={v.committee_id}
            options={(props.committees ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(e) => {
              form.set('committee_id', e.value as number);
              form.set('voters', []);
              props.onCommitteeChange?.(e.value as number);
            }}
            disabled={o.committee === 'locked'}
            placeholder={t('chooseCommittee')}
            data-testid="decision-committee"
          />
        </Field>
      )}
      <Field id="decision-title" label={t('title')} required error={form.errors.title}>
        <InputText id="decision-title" value={v.title} onChange={(e) => form.set('title', e.target.value)} data-testid="decision-title" />
      </Field>
      <Field id="decision-description" label={t('description')} error={form.errors.description}>
        <InputTextarea id="decision-description" value={v.description} onChange={(e) => form.set('description', e.target.value)} rows={3} autoResize />
      </Field>
      {o.tenderNumber && (
        <Field id="decision-tender" label={t('tenderNumber')} error={form.errors.tender_number}>
          <InputText id="decision-tender" value={v.tender_number} onChange={(e) => form.set('tender_number', e.target.value)} data-testid="decision-tender" />
        </Field>
      )}
      <Field id="decision-deadline" label={t('deadline')} required error={deadlineError}>
        <Calendar
          inputId="decision-deadline"
          value={v.deadline}
          onChange={(e) => form.set('deadline', (e.value as Date | null) ?? null)}
          showTime
          hourFormat="12"
          stepMinute={15}
          dateFormat="dd M yy"
          showIcon
          data-testid="decision-deadline"
        />
      </Field>
      <Field id="decision-voters" label={t('voters')} required error={form.errors.voters}>
        <MultiSelect
          inputId="decision-voters"
          value={v.voters}
          options={props.people}
          onChange={(e) => form.set('voters', e.value as string[])}
          display="chip"
          filter
          showSelectAll={false}
          placeholder={t('chooseVoters')}
          data-testid="decision-voters"
        />
      </Field>
      {selectAllShown(props.people.length, o.onSubpoint) && (
        <div className="form-row">
          <InputSwitch
            inputId="decision-select-all"
            checked={allSelected}
            onChange={(e) => form.set('voters', e.value ? props.people.map((p) => p.value) : [])}
            data-testid="decision-select-all"
          />
          <label htmlFor="decision-select-all">{t('selectAll')}</label>
        </div>
      )}
      {o.votingSwitch && (
        <div className="form-row">
          <InputSwitch inputId="decision-decisionable" checked={v.decisionable} onChange={(e) => form.set('decisionable', !!e.value)} data-testid="decision-decisionable" />
          <label htmlFor="decision-decisionable">{t('allowVoting')}</label>
        </div>
      )}
      <fieldset className="decision-ballot" data-testid="decision-ballot">
        <legend>{t('ballot.label')}</legend>
        {BALLOT_KINDS.map((b) => (
          <div key={b} className="decision-ballot__option">
            <RadioButton inputId={`decision-ballot-${b}`} name="ballot" value={b} checked={v.ballot === b} onChange={() => form.set('ballot', b)} disabled={o.ballotLocked} />
            <label htmlFor={`decision-ballot-${b}`}>{t(`ballot.${b}`)}</label>
          </div>
        ))}
        <small className="decision-ballot__hint">{t(o.ballotLocked ? 'ballot.locked' : `ballot.${v.ballot}Hint`)}</small>
      </fieldset>
      <Field id="decision-outcome-rule" label={t('rule.label')} error={form.errors.outcome_rule} hint={t(o.ballotLocked ? 'rule.locked' : 'rule.hint')}>
        <Dropdown
          inputId="decision-outcome-rule"
          value={v.outcome_rule}
          options={OUTCOME_RULES.map((r) => ({ value: r, label: t(`rule.${r}`) }))}
          onChange={(e) => form.set('outcome_rule', e.value as OutcomeRule)}
          disabled={o.ballotLocked}
          data-testid="decision-outcome-rule"
        />
      </Field>
      <fieldset className="decision-ballot" data-testid="decision-count-by">
        <legend>{t('countBy.label')}</legend>
        {COUNT_BY.map((c) => (
          <div key={c} className="decision-ballot__option">
            <RadioButton inputId={`decision-count-by-${c}`} name="count_by" value={c} checked={v.count_by === c} onChange={() => form.set('count_by', c)} disabled={o.ballotLocked} />
            <label htmlFor={`decision-count-by-${c}`}>{t(`countBy.${c}`)}</label>
          </div>
        ))}
        {form.errors.count_by && <small className="p-error">{m(form.errors.count_by)}</small>}
      </fieldset>
      <div className="form-row">
        <InputSwitch inputId="decision-election" checked={v.election} onChange={(e) => form.set('election', !!e.value)} disabled={o.ballotLocked} data-testid="decision-election" />
        <label htmlFor="decision-election">{t('election.label')}</label>
      </div>
      {v.election && (
        <fieldset className="decision-election" data-testid="decision-election-fields">
          <legend>{t('election.candidates')}</legend>
          <Field id="decision-seats" label={t('election.seats')} required hint={t(o.ballotLocked ? 'election.locked' : 'election.seatsHint')}>
            <InputText
              id="decision-seats"
              inputMode="numeric"
              value={v.seats === null ? '' : String(v.seats)}
              onChange={(e) => form.set('seats', e.target.value.trim() === '' ? null : Number(e.target.value))}
              disabled={o.ballotLocked}
              data-testid="decision-seats"
            />
          </Field>
          <ol className="decision-election__list" data-testid="decision-candidates">
            {v.candidates.map((c, i) => (
              <li key={`${c.user_id ?? 'n'}:${c.name}`}>
                <bdi>{c.name}</bdi>
                {c.user_id !== null && <small className="decision-election__member"> · {t('election.member')}</small>}
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  rounded
                  aria-label={t('election.remove', { name: c.name })}
                  onClick={() => form.set('candidates', v.candidates.filter((_, j) => j !== i))}
                  disabled={o.ballotLocked}
                />
              </li>
            ))}
          </ol>
          <Field id="decision-candidate-member" label={t('election.addMember')}>
            <Dropdown
              inputId="decision-candidate-member"
              value={null}
              options={memberOptions}
              onChange={(e) => {
                const p = memberOptions.find((x) => x.value === e.value);
                if (p) form.set('candidates', [...v.candidates, { user_id: Number(p.value.slice(2)), name: p.label }]);
              }}
              filter
              placeholder={t('election.chooseMember')}
              disabled={o.ballotLocked}
              data-testid="decision-candidate-member"
            />
          </Field>
          <Field id="decision-candidate-name" label={t('election.addName')}>
            <div className="decision-election__add">
              <InputText
                id="decision-candidate-name"
                value={nameDraft}
                onChange={(e) => setNameDraft(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addName();
                  }
                }}
                disabled={o.ballotLocked}
                data-testid="decision-candidate-name"
              />
              <Button type="button" label={t('election.add')} outlined onClick={addName} disabled={o.ballotLocked || !nameDraft.trim()} data-testid="decision-candidate-add" />
            </div>
          </Field>
          {electionError && (
            <small className="p-error" role="alert" data-testid="decision-election-error">
              {m(electionError)}
            </small>
          )}
        </fieldset>
      )}
      <AttachmentChips items={v.attachments} onChange={(x) => form.set('attachments', x)} testId="decision-attachments" pdfOnly canAdd={o.attachments} />
      <div className="form-actions">
        <Button type="button" label={t('cancel')} outlined onClick={props.onCancel} />
        <Button type="submit" label={t('save')} loading={form.submitting} data-testid="decision-submit" />
      </div>
    </form>
  );
}
