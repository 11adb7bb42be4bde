import { AppPaths } from '@app/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { decisionsApi, type Decision } from '../../api/decisions';
import { Loading } from '../../components/Loading';
import { useMessage } from '../../i18n';
import { DecisionDetails } from '../meeting/decisions/DecisionDetails';
import { saveErrorMessage } from '../meeting/decisions/people';
import { ReportButton } from './ReportButton';

/** A meeting decision opened from the resolutions page: its votes and the vote dialog; editing stays on the meeting page. */
export function MeetingDecisionDialog(props: { decisionId: number | null; visible: boolean; onHide(): void; onChanged(): void }) {
  const { t } = useTranslation('decisions');
  const m = useMessage();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (props.decisionId === null) return;
    try {
      setError(null);
      setDecision(await decisionsApi.get(props.decisionId));
    } catch (err) {
      setError(saveErrorMessage(err));
    }
  }, [props.decisionId]);

  useEffect(() => {
    if (!props.visible) return;
    setDecision(null);
    void load();
  }, [props.visible, load]);

  return (
    <Dialog
      header={decision?.title ?? t('decision')}
      visible={props.visible}
      onHide={props.onHide}
      style={{ width: '800px' }}
      breakpoints={{ '880px': '95vw' }}
      data-testid="meeting-decision-dialog"
      footer={
        <div className="dialog-footer">
          {decision?.meeting_id && (
            <Link to={AppPaths.meeting(decision.meeting_id, { kind: 'decision', id: decision.id })} className="p-button p-button-text" data-testid="meeting-decision-link">
              {t('page.meetingLink')}
            </Link>
          )}
          {decision && <ReportButton decisionId={decision.id} />}
          <Button type="button" label={t('close')} outlined onClick={props.onHide} />
        </div>
      }
    >
      {error && <Message severity="error" text={m(error)} />}
      {!decision && !error && <Loading />}
      {decision && (
        <DecisionDetails
          decision={decision}
          onChanged={async () => {
            props.onChanged();
            await load();
          }}
          onError={setError}
        />
      )}
    </Dialog>
  );
}
