import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { MEETING_STATUS_INFO } from '@app/contracts';

/**
 * The activity log's sentences are stored as the meeting service wrote them, in English ("Mona added the talking
 * point "Budget""). The screen reads the known ones back by their pattern and says them in the interface's
 * language; the person's name and the item's title, which keep their own script, are isolated (`<bdi>`) so an
 * English name does not move the Arabic sentence's full stop. A sentence with no pattern here is shown as stored,
 * isolated with its own direction (`dir="auto"`): in Arabic its full stop stays at its end. Still without a pattern (shown
 * as stored): "updated the meeting (…)" with its list of changes, a participant's re-typing, a guest link's expiry,
 * an action's status, the end of a vote with its outcome, the roll call's marks and the mover and seconder.
 */
const PATTERNS: { key: string; re: RegExp }[] = [
  ['createdMeeting', /^(.+) created the meeting$/],
  ['copiedMeeting', /^(.+) copied the meeting from "(.*)"$/],
  ['startedOnline', /^(.+) started the online meeting$/],
  ['acceptedNda', /^(.+) accepted the confidentiality agreement$/],
  ['attachedFile', /^(.+) attached a file$/],
  ['removedAttachment', /^(.+) removed an attachment$/],
  ['ratedMeeting', /^(.+) rated the meeting$/],
  ['reorderedAgenda', /^(.+) reordered the agenda$/],
  ['savedSummary', /^(.+) saved a recording summary$/],
  ['addedAction', /^(.+) added the action "(.*)"$/],
  ['updatedAction', /^(.+) updated the action "(.*)"$/],
  ['deletedAction', /^(.+) deleted the action "(.*)"$/],
  ['addedTalkingPoint', /^(.+) added the talking point "(.*)"$/],
  ['updatedTalkingPoint', /^(.+) updated the talking point "(.*)"$/],
  ['deletedTalkingPoint', /^(.+) deleted the talking point "(.*)"$/],
  ['deletedSubPoint', /^(.+) deleted the sub-point "(.*)"$/],
  ['votedOn', /^(.+) voted on "(.*)"$/],
  ['commentedOn', /^(.+) commented on "(.*)"$/],
  ['deletedCommentOn', /^(.+) deleted a comment on "(.*)"$/],
  ['commented', /^(.+) commented$/],
  // the participants (services/meeting/src/rules/activity-names.ts) and the proxies: the people named are isolated
  ['addedParticipant', /^(.+) added (.+) as a participant$/],
  ['addedParticipants', /^(.+) added (\d+) participants: (.+)$/],
  ['gaveProxy', /^(.+) gave their proxy to (.+)$/],
  ['recordedProxy', /^(.+) recorded the proxy of (.+) to (.+)$/],
  ['revokedProxy', /^(.+) revoked the proxy of (.+)$/],
  // the status by its name (common/status-change.ts), said with the screens' own status names; the reason as written
  ['changedStatusReason', /^(.+) changed the status to (Draft|Scheduled|Live|Cancelled|Archived): (.*)$/s],
  ['changedStatus', /^(.+) changed the status to (Draft|Scheduled|Live|Cancelled|Archived)$/],
  // the decisions, the conflicts of interest, guests' links and the chair (services/meeting: decisions, agenda,
  // members and roles services)
  ['addedCommitteeMembers', /^(.+) added the committee's members \((\d+)\)$/],
  ['addedDecision', /^(.+) added the decision "(.*)"$/],
  ['updatedDecision', /^(.+) updated the decision "(.*)"$/],
  ['deletedDecision', /^(.+) deleted the decision "(.*)"$/],
  ['hidDecision', /^(.+) hid the decision "(.*)"$/],
  ['unhidDecision', /^(.+) unhid the decision "(.*)"$/],
  ['resumedVoting', /^(.+) resumed voting on "(.*)"$/],
  ['declaredConflict', /^(.+) declared a conflict of interest on "(.*)"$/],
  ['withdrewConflict', /^(.+) withdrew their conflict of interest on "(.*)"$/],
  ['revokedLink', /^(.+) revoked the link of (.+)$/],
  ['renewedLink', /^(.+) sent a new link to (.+)$/],
  ['updatedGuest', /^(.+) updated the guest (.+)$/],
  ['namedChair', /^(.+) named (.+) chair and (.+) secretary$/],
  // last: "removed an attachment" has its own line above
  ['removedParticipant', /^(.+) removed (.+)$/],
].map(([key, re]) => ({ key: key as string, re: re as RegExp }));

/** what a stored sentence says: its pattern, the person who acted, and what it names (a title, people, a count, a status) */
export interface ReadActivity {
  key: string;
  name: string;
  title: string;
  other?: string;
  count?: number;
  status?: number;
}

/** the pattern a stored sentence follows, with its name and title; null when none does */
export function readActivity(sentence: string): ReadActivity | null {
  for (const p of PATTERNS) {
    const m = p.re.exec(sentence.trim());
    if (!m) continue;
    switch (p.key) {
      case 'addedParticipants':
        return { key: p.key, name: m[1], title: m[3], count: Number(m[2]) };
      case 'recordedProxy':
      case 'namedChair':
        return { key: p.key, name: m[1], title: m[2], other: m[3] };
      case 'addedCommitteeMembers':
        return { key: p.key, name: m[1], title: '', count: Number(m[2]) };
      case 'changedStatus':
      case 'changedStatusReason':
        return { key: p.key, name: m[1], title: m[3] ?? '', status: statusIdOf(m[2]) };
      default:
        return { key: p.key, name: m[1], title: m[2] ?? '' };
    }
  }
  return null;
}

/** the status id of its English name (MEETING_STATUS_INFO) */
function statusIdOf(name: string): number {
  return Number(Object.entries(MEETING_STATUS_INFO).find(([, v]) => v.name === name)?.[0] ?? 0);
}

const MARK = '\u0000';

/** a stored activity sentence in the interface's language, its name and title isolated */
export function ActivityText(props: { text: string }) {
  const { t } = useTranslation('meeting');
  const read = readActivity(props.text);
  if (!read) return <bdi dir="auto" className="activity-list__text">{props.text}</bdi>;
  const isolated: Record<string, string> = { name: read.name, title: read.title, other: read.other ?? '' };
  const said = t(`activityLog.${read.key}`, {
    name: `${MARK}name${MARK}`,
    title: `${MARK}title${MARK}`,
    other: `${MARK}other${MARK}`,
    count: read.count,
    status: read.status ? t(`status.${read.status}`) : '',
  });
  const parts = said.split(MARK);
  return (
    <span className="activity-list__text" data-activity={read.key}>
      {parts.map((part, i) => (i % 2 === 1 ? <bdi key={i}>{isolated[part]}</bdi> : <Fragment key={i}>{part}</Fragment>))}
    </span>
  );
}
