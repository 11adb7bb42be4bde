import { AppPaths, type PayloadInputOf } from '@app/contracts';
import type { ActionAssigned, DecisionOpened, MeetingScheduled, MemberInvited } from '@app/contracts';

/** Payload builders for meeting events, as the meeting service publishes them. */
export interface Org {
  orgId: string;
  slug: string;
  name: string;
  timeZone: string;
}
const by = { userId: 1, name: 'Omar Chair', email: 'omar.chair@example.test' };
const base = (org: Org) => ({ orgId: org.orgId, orgSlug: org.slug, orgName: org.name, timeZone: org.timeZone });

export function meetingScheduled(org: Org, meetingId: number, recipients: { email: string; name: string | null; lang: 'en' | 'fr' | 'ar' | 'ru' }[]): PayloadInputOf<typeof MeetingScheduled> {
  const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  return {
    ...base(org),
    meetingId,
    title: `Board meeting ${meetingId}`,
    startsAt,
    startLocal: '2026-01-01 10:00:00',
    location: 'Head office',
    virtual: false,
    link: AppPaths.meeting(meetingId),
    by,
    recipients,
  };
}

export function memberInvited(org: Org, meetingId: number, recipient: { email: string; name: string | null; lang: 'en' | 'fr' | 'ar' | 'ru' }, guestToken: string | null): PayloadInputOf<typeof MemberInvited> {
  const m = meetingScheduled(org, meetingId, []);
  const { recipients: _r, ...rest } = m;
  return {
    ...rest,
    memberId: 90 + meetingId,
    guest: !!guestToken,
    link: guestToken ? AppPaths.guestMeeting(meetingId, guestToken) : m.link,
    recipient,
  };
}

export function decisionOpened(
  org: Org,
  decisionId: number,
  deadline: Date,
  recipients: { email: string; name: string | null; lang: 'en' | 'fr' | 'ar' | 'ru' }[],
  reason: 'created' | 'resumed' | 'rescheduled' = 'created',
): PayloadInputOf<typeof DecisionOpened> {
  return {
    ...base(org),
    decisionId,
    meetingId: 7,
    title: `Decision ${decisionId}`,
    deadline: deadline.toISOString(),
    deadlineLocal: '2026-01-01 10:00:00',
    link: AppPaths.meeting(7, { kind: 'decision', id: decisionId }),
    reason,
    by,
    recipients,
  };
}

export function actionAssigned(
  org: Org,
  actionId: number,
  openTill: Date,
  recipients: { email: string; name: string | null; lang: 'en' | 'fr' | 'ar' | 'ru' }[],
  reason: 'assigned' | 'rescheduled' = 'assigned',
): PayloadInputOf<typeof ActionAssigned> {
  return {
    ...base(org),
    actionId,
    meetingId: 7,
    meetingTitle: 'Board meeting 7',
    title: `Action ${actionId}`,
    priority: 'High',
    openTill: openTill.toISOString(),
    openTillLocal: '2026-01-01 10:00:00',
    link: AppPaths.meeting(7, { kind: 'action', id: actionId }),
    reason,
    by,
    recipients,
  };
}

export { by as chair };
