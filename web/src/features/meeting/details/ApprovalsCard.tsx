import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { approvalsApi, type ApprovalItem } from '../../../api/approvals';
import { UserAvatar } from '../../../components/Avatar';
import { useApi } from '../../../hooks/use-api';
import { AssigneeStatusTag, waitingFor } from '../../approvals/status';

type Assignee = ApprovalItem['assignees'][number];

/**
 * The meeting's approvals card (side column; meetings.md "approvals", platform.md "steps and recipients table"):
 * each approval made for the meeting (GET /api/approvals?paginate=1&per_page=100&meeting_id=) as a read-only table
 * of its steps: the recipient (avatar and name, or the guest's name), the e-mail and a guest label, the status with
 * its comment, and when it last changed. Empty state when there is none.
 */
export function ApprovalsCard(props: { meeting: { id: number } }) {
  const { t } = useTranslation('approvals');
  const list = useApi('approvals/meeting', [props.meeting.id], () => approvalsApi.ofMeeting(props.meeting.id));
  const items = list.data?.items ?? [];
  return (
    <section className="surface-card" data-testid="meeting-approvals-card">
      <h2 className="section-title">{t('meetingCard.title')}</h2>
      {list.error ? (
        <p className="text-color-secondary">{t('meetingCard.error')}</p>
      ) : !list.data ? null : items.length === 0 ? (
        <p className="text-color-secondary" data-testid="meeting-approvals-empty">{t('meetingCard.empty')}</p>
      ) : (
        items.map((a) => { const waiting = waitingFor(a.assignees); return (
          <div key={a.id} className="mb-3" data-testid="meeting-approval">
            <h3 className="text-base m-0 mb-2">{a.title}</h3>
            <table className="w-full text-sm meeting-approval-steps">
              <thead>
                <tr>
                  <th className="text-left">{t('recipients.step')}</th>
                  <th className="text-left">{t('recipients.recipient')}</th>
                  <th className="text-left">{t('recipients.status')}</th>
                  <th className="text-left">{t('recipients.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {[...a.assignees].sort((x, y) => x.order - y.order || x.id - y.id).map((r) => (
                  <tr key={r.id} data-testid="meeting-approval-recipient">
                    <td>{r.order}</td>
                    <td><Recipient r={r} /></td>
                    <td>
                      <AssigneeStatusTag status={r.status} waitingFor={waiting.get(r.id)} />
                      {r.comment && <small className="block">{r.comment}</small>}
                    </td>
                    <td>{r.updated_at}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ); })
      )}
    </section>
  );
}

function Recipient(props: { r: Assignee }) {
  const { t } = useTranslation('approvals');
  const name = props.r.user?.name ?? props.r.guest_name ?? props.r.user_email ?? '';
  return (
    <span className="flex align-items-center gap-2">
      <UserAvatar name={name} image={props.r.user?.image ?? null} />
      <span>
        {name}
        {props.r.guest && <> <Tag value={t('guest')} severity="secondary" /></>}
        {props.r.user_email && <small className="block">{props.r.user_email}</small>}
      </span>
    </span>
  );
}
