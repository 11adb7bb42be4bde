import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { MEETING_STATUS_INFO } from '@app/contracts';

/**
 * The activity log's sentences are stored as the meeting service wrote them, in English ("Mona added the talking
 * point "Budget""). The screen reads the known ones back by their pattern and says them in the interface's
 * language; the person's name and the item's title, which keep their own script, are isolated (`<bdi>`) so an
 * English name does not move the Arabic sentence's full stop. A sentence with no pattern here is shown as stored,
 * isolated with its own direction (`dir="auto"`): in Arabic its full stop stays at its end (a sentence written before
 * its pattern existed, or by a newer service than this screen).
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
  ['addedParticipantsMore', /^(.+) added (\d+) participants: (.+) and (\d+) more$/],
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
  ['publishedAgenda', /^(.+) published the agenda$/],
  ['publishedAgendaUpdate', /^(.+) published an update of the agenda$/],
  // values said by the screens' own words (a roll-call mark, an action's status, an answer, a participant's type,
  // a vote's outcome, the meeting's changed fields): the `value` of the sentence, translated, not isolated
  ['updatedMeetingFields', /^(.+) updated the meeting \(((?:title|description|committee|start_date|duration|location|virtual)(?:, (?:title|description|committee|start_date|duration|location|virtual))*)\)$/],
  ['updatedMeeting', /^(.+) updated the meeting$/],
  ['endedVotingOutcome', /^(.+) ended voting on "(.*)": (No quorum|Passed|Rejected)$/],
  ['endedVoting', /^(.+) ended voting on "(.*)"$/],
  ['markedRollCall', /^(.+) marked (.+) (present|remote|absent|excused)$/],
  ['setActionStatus', /^(.+) set "(.*)" to (In Progress|Complete|Not Complete)$/],
  ['answeredFor', /^(.+) answered for (.+): (Going|Pending|Not going|Maybe|Delegate)$/],
  ['answered', /^(.+) answered: (Going|Pending|Not going|Maybe|Delegate)$/],
  ['changedType', /^(.+) changed the type of (.+) to (Viewer|Editor)$/],
  ['setLinkExpiry', /^(.+) set the link of (.+) to expire at (.+)$/],
  ['gaveLinkUsualLifetime', /^(.+) gave the link of (.+) the usual lifetime$/],
  ['recordedMotion', /^(.+) recorded (.+) moving and (.+) seconding "(.*)"$/],
  // last: "removed an attachment" has its own line above
  ['removedParticipant', /^(.+) removed (.+)$/],
].map(([key, re]) => ({ key: key as string, re: re as RegExp }));

/** what a stored sentence says: its pattern, the person who acted, and what it names (a title, people, a count, a status) */
export interface ReadActivity {
  key: string;
  name: string;
  title: string;
  other?: string;
  /** a third name or title (the decision of a motion) */
  item?: string;
  count?: number;
  /** how many names the sentence left out ("… and 2 more") */
  more?: number;
  status?: number;
  /** the translation keys (in the meeting namespace unless one is named) of what the sentence says in the screens'
   * own words: said, not isolated */
  value?: { key: string; ns?: string }[];
}

/** the pattern a stored sentence follows, with its name and title; null when none does */
export function readActivity(sentence: string): ReadActivity | null {
  for (const p of PATTERNS) {
    const m = p.re.exec(sentence.trim());
    if (!m) continue;
    switch (p.key) {
      case 'addedParticipants':
        return { key: p.key, name: m[1], title: m[3], count: Number(m[2]) };
      case 'addedParticipantsMore':
        return { key: p.key, name: m[1], title: m[3], count: Number(m[2]), more: Number(m[4]) };
      case 'recordedProxy':
      case 'namedChair':
        return { key: p.key, name: m[1], title: m[2], other: m[3] };
      case 'addedCommitteeMembers':
        return { key: p.key, name: m[1], title: '', count: Number(m[2]) };
      case 'updatedMeetingFields':
        return { key: p.key, name: m[1], title: '', value: m[2].split(', ').map((f) => ({ key: `activityLog.field.${f}` })) };
      case 'endedVotingOutcome':
        return { key: p.key, name: m[1], title: m[2], value: [{ key: m[3], ns: 'decisions' }] };
      case 'markedRollCall':
        return { key: p.key, name: m[1], title: m[2], value: [{ key: `rollCall.${m[3]}` }] };
      case 'setActionStatus':
        return { key: p.key, name: m[1], title: m[2], value: [{ key: `actionStatus.${m[3]}` }] };
      case 'answeredFor':
        return { key: p.key, name: m[1], title: m[2], value: [{ key: `attendance.${m[3]}` }] };
      case 'answered':
        return { key: p.key, name: m[1], title: '', value: [{ key: `attendance.${m[2]}` }] };
      case 'changedType':
        return { key: p.key, name: m[1], title: m[2], value: [{ key: `participants.${m[3]}` }] };
      case 'setLinkExpiry':
        return { key: p.key, name: m[1], title: m[2], other: m[3] };
      case 'recordedMotion':
        return { key: p.key, name: m[1], title: m[2], other: m[3], item: m[4] };
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
  const isolated: Record<string, string> = { name: read.name, title: read.title, other: read.other ?? '', item: read.item ?? '' };
  const said = t(`activityLog.${read.key}`, {
    name: `${MARK}name${MARK}`,
    title: `${MARK}title${MARK}`,
    other: `${MARK}other${MARK}`,
    item: `${MARK}item${MARK}`,
    count: read.count,
    more: read.more,
    status: read.status ? t(`status.${read.status}`) : '',
    value: (read.value ?? []).map((v) => t(v.key, v.ns ? { ns: v.ns } : undefined)).join(t('activityLog.separator')),
  });
  const parts = said.split(MARK);
  return (
    <span className="activity-list__text" data-activity={read.key}>
      {parts.map((part, i) => (i % 2 === 1 ? <bdi key={i}>{isolated[part]}</bdi> : <Fragment key={i}>{part}</Fragment>))}
    </span>
  );
}
