import type { MeetingDetails } from '@app/contracts';
import { Button } from 'primereact/button';
import { ReportButton } from '../../resolutions/ReportButton';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { decisionsApi, type Decision, type DecisionInput } from '../../../api/decisions';
import { notify } from '../../../api/notify';
import { Loading } from '../../../components/Loading';
import { confirmAction } from '../../../components/confirm';
import { useMessage } from '../../../i18n';
import { ceilQuarter, fromLocalString } from './datetime';
import { DecisionDetails } from './DecisionDetails';
import { DecisionForm, type DecisionFormOptions, type DecisionValues } from './DecisionForm';
import { meetingPeople, personKey, saveErrorMessage, withCurrent } from './people';

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
  const m = useMessage();
  const { meeting, decisionId, visible, guestToken } = props;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(async () => {
    if (decisionId === null) return;
    try {
      setLoadError(null);
      setDecision(await decisionsApi.get(decisionId, guestToken));
    } catch (err) {
      setLoadError(saveErrorMessage(err));
    }
  }, [decisionId, guestToken]);

  useEffect(() => {
    if (!visible) return;
    setBanner(null);
    setDecision(null);
    setEditing(decisionId === null);
    void load();
  }, [visible, decisionId, load]);

  useEffect(() => {
    if (visible && decisionId !== null && props.liveTick) void load();
  }, [props.liveTick]);

  const options: DecisionFormOptions = {
    meetingStart: meeting.start_date,
    votingSwitch: meeting.permissions.allowVotingSwitch,
    tenderNumber: meeting.variant === 'tender',
    onSubpoint: !!decision?.talkingpoint_subpoint_id,
    attachments: decision ? decision.can_add_attachments : meeting.permissions.addAttachments,
    ballotLocked: !!decision?.ballot_locked,
  };

  const save = async (input: DecisionInput) => {
    setBanner(null);
    try {
      const { message } = decisionId === null ? await decisionsApi.create(meeting.id, input) : await decisionsApi.update(meeting.id, decisionId, input);
      notify('success', m(message ?? 'Decision saved successfully'));
      props.onChanged();
      if (decisionId === null) props.onHide();
      else {
        setEditing(false);
        await load();
      }
    } catch (err) {
      setBanner(saveErrorMessage(err));
      throw err;
    }
  };

  const changed = async () => {
    props.onChanged();
    await load();
  };

  const remove = () =>
    confirmAction({
      message: t('deleteConfirm'),
      danger: true,
      accept: async () => {
        if (decisionId === null) return;
        try {
          notify('success', m((await decisionsApi.remove(meeting.id, decisionId)) ?? 'Deleted successfully'));
          props.onChanged();
          props.onHide();
        } catch (err) {
          setBanner(saveErrorMessage(err));
        }
      },
    });

  const header = decisionId === null ? t('create') : editing ? t('edit') : (decision?.title ?? t('decision'));
  const people = withCurrent(meetingPeople(meeting), decision?.voters ?? []);

  return (
    <Dialog
      header={header}
      visible={visible}
      onHide={props.onHide}
      style={{ width: '800px' }}
      breakpoints={{ '880px': '95vw' }}
      data-testid="decision-dialog"
      footer={
        guestToken || !editing ? (
          <div className="dialog-footer">
            {/* the resolution report, for whoever sees the decision (the owner, a member who voted...); not for guests */}
            {!guestToken && decision && <ReportButton decisionId={decision.id} />}
            <Button type="button" label={t('close')} outlined onClick={props.onHide} data-testid="decision-close" />
          </div>
        ) : undefined
      }
    >
      {banner && <Message severity="error" text={m(banner)} className="dialog-banner" data-testid="decision-banner" />}
      {loadError && <Message severity="error" text={m(loadError)} data-testid="decision-load-error" />}
      {decisionId !== null && !decision && !loadError && <Loading />}
      {editing && (decisionId === null || decision) && (
        <DecisionForm
          key={decision?.updated_at ?? 'new'}
          initial={decisionValues(decision, meeting.start_date)}
          options={options}
          people={people}
          onSubmit={save}
          onCancel={() => (decisionId === null ? props.onHide() : setEditing(false))}
        />
      )}
      {!editing && decision && (
        <DecisionDetails
          decision={decision}
          guestToken={guestToken}
          onChanged={changed}
          onEdit={decision.can_edit && !guestToken ? () => setEditing(true) : undefined}
          onDelete={decision.can_delete && !guestToken ? remove : undefined}
          onError={setBanner}
        >
          {props.renderComments?.(decision)}
        </DecisionDetails>
      )}
    </Dialog>
  );
}
