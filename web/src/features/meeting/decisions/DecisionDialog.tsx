import { DEFAULT_COUNT_BY, DEFAULT_OUTCOME_RULE, type MeetingDetails } from '@app/contracts';
import type { ReactNode } from 'react';
import { ReportButton } from '../../resolutions/ReportButton';
import { useTranslation } from 'react-i18next';
import { decisionsApi, type Decision, type DecisionInput } from '../../../api/decisions';
import { ceilQuarter, fromLocalString } from './datetime';
import { DecisionDetails } from './DecisionDetails';
import { MotionPanel } from '../record/MotionPanel';
import { DecisionForm, type DecisionFormOptions, type DecisionValues } from './DecisionForm';
import { ItemDialog, meetingItemRoutes, useItemDialog } from './ItemDialog';
import { meetingPeople, personKey, withCurrent } from './people';

export function decisionValues(d: Decision | null, meetingStart: string | null): DecisionValues {
  return {
    title: d?.title ?? '',
    description: d?.description ?? '',
    deadline: d ? fromLocalString(d.deadline) : (fromLocalString(meetingStart) ?? ceilQuarter(new Date())),
    voters: (d?.voters ?? []).map((v) => personKey(v)).filter((k): k is string => !!k),
    attachments: (d?.attachments ?? []).map((a) => ({ library_id: a.library_id, name: a.name ?? a.library.name })),
    decisionable: d ? d.decisionable === 1 : true,
    tender_number: d?.tender_number ?? '',
    committee_id: d?.committee_id ?? null,
    ballot: d?.ballot ?? 'open',
    outcome_rule: d?.outcome_rule ?? DEFAULT_OUTCOME_RULE,
    count_by: d?.count_by ?? DEFAULT_COUNT_BY,
    election: !!d?.election,
    seats: d?.election?.seats ?? 1,
    candidates: (d?.election?.candidates ?? []).map((c) => ({ user_id: c.user_id, name: c.name })),
    talkingpoint_id: d?.talkingpoint_id ?? null,
    talkingpoint_subpoint_id: d?.talkingpoint_subpoint_id ?? null,
  };
}

/**
 * A meeting decision in a dialog (800): create (decisionId null), edit when the server allows it, or
 * view with the votes. Guests see one close button and vote with their link's token.
 */
export function DecisionDialog(props: {
  meeting: MeetingDetails;
  decisionId: number | null;
  visible: boolean;
  onHide(): void;
  onChanged(): void;
  guestToken?: string;
  /** the comments of the decision (the meeting page wires its Comments component) */
  renderComments?(decision: Decision): ReactNode;
  /** changes when the meeting's live channel reports a change: an open decision loads again (new votes, tallies) */
  liveTick?: number;
}) {
  const { t } = useTranslation('decisions');
  const { meeting, decisionId, visible, guestToken } = props;
  const d = useItemDialog<Decision, DecisionInput>({
    id: decisionId, visible, liveTick: props.liveTick, reloadWhileEditing: true, onChanged: props.onChanged, onHide: props.onHide,
    get: (id) => decisionsApi.get(id, guestToken), getDeps: [guestToken], guest: !!guestToken,
    routes: { ...meetingItemRoutes(decisionsApi, meeting.id), saved: 'Decision saved successfully', deleteConfirm: t('deleteConfirm') },
  });
  const decision = d.item;

  const options: DecisionFormOptions = {
    meetingStart: meeting.start_date,
    votingSwitch: meeting.permissions.allowVotingSwitch,
    tenderNumber: meeting.variant === 'tender',
    onSubpoint: !!decision?.talkingpoint_subpoint_id,
    attachments: decision ? decision.can_add_attachments : meeting.permissions.addAttachments,
    ballotLocked: !!decision?.ballot_locked,
  };

  return (
    <ItemDialog
      state={d}
      testId="decision"
      words={{ create: t('create'), edit: t('edit'), view: t('decision'), close: t('close') }}
      // the resolution report, for whoever sees the decision (the owner, a member who voted...); not for guests
      footerStart={!guestToken && decision && <ReportButton decisionId={decision.id} />}
      form={(f) => (
        <DecisionForm
          key={decision?.updated_at ?? 'new'}
          initial={decisionValues(decision, meeting.start_date)}
          options={options}
          people={withCurrent(meetingPeople(meeting), decision?.voters ?? [])}
          {...f}
        />
      )}
      view={(decision, c) => (
        <DecisionDetails decision={decision} guestToken={guestToken} {...c}>
          {!guestToken && <MotionPanel key={decision.updated_at} meeting={meeting} decision={decision} onChanged={() => void c.onChanged()} />}
          {props.renderComments?.(decision)}
        </DecisionDetails>
      )}
    />
  );
}
