import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The activity log's sentences are stored as the meeting service wrote them, in English ("Mona added the talking
 * point "Budget""). The screen reads the known ones back by their pattern and says them in the interface's
 * language; the person's name and the item's title, which keep their own script, are isolated (`<bdi>`) so an
 * English name does not move the Arabic sentence's full stop. A sentence with no pattern here is shown as stored,
 * isolated with its own direction (`dir="auto"`): in Arabic its full stop stays at its end.
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
].map(([key, re]) => ({ key: key as string, re: re as RegExp }));

/** the pattern a stored sentence follows, with its name and title; null when none does */
export function readActivity(sentence: string): { key: string; name: string; title: string } | null {
  for (const p of PATTERNS) {
    const m = p.re.exec(sentence.trim());
    if (m) return { key: p.key, name: m[1], title: m[2] ?? '' };
  }
  return null;
}

const MARK = '\u0000';

/** a stored activity sentence in the interface's language, its name and title isolated */
export function ActivityText(props: { text: string }) {
  const { t } = useTranslation('meeting');
  const read = readActivity(props.text);
  if (!read) return <bdi dir="auto" className="activity-list__text">{props.text}</bdi>;
  const said = t(`activityLog.${read.key}`, { name: `${MARK}name${MARK}`, title: `${MARK}title${MARK}` });
  const parts = said.split(MARK);
  return (
    <span className="activity-list__text" data-activity={read.key}>
      {parts.map((part, i) => (i % 2 === 1 ? <bdi key={i}>{part === 'name' ? read.name : read.title}</bdi> : <Fragment key={i}>{part}</Fragment>))}
    </span>
  );
}
