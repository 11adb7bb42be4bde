import { minutesKey, type ActionPayload, type DecisionPayload, type Lang, type MeetingDetails, type MinutesItem } from '@app/contracts';
import { CELL_CSS, commentItems, countWords, escapeHtml, FACTS_CSS, factsList, PAGE_CSS, para, printedPage, ruleText, table, talliesTable, electionTable, electionWords } from './html';
import { printedDates, type PrintedDates } from './dates';
import { joinNames, labelsFor, valueIn, type MinutesLabels } from './labels';

/**
 * The minutes as one HTML document for Chromium's print to PDF (A4): the meeting, attendance, each agenda item
 * with its conclusion and comments, the decisions with their tallies and outcome, the actions with their
 * states, and the summary. Arabic is laid out right-to-left (`dir="rtl"`) and shaped by the browser with the
 * system's fonts. Everything user-written is escaped; the page runs no script and loads nothing.
 */
export interface MinutesDocument {
  meeting: Pick<MeetingDetails, 'id' | 'title' | 'description' | 'committee' | 'start_date' | 'duration' | 'location' | 'status' | 'owner' | 'members' | 'guest_member' | 'agendas' | 'summary' | 'proxies' | 'roll_call'> & Partial<Pick<MeetingDetails, 'time_zone'>>;
  items: MinutesItem[];
  lang: Lang;
  version: number;
  generatedAt: string;
  /**
   * present for the PDF sent for approval after the owner named signers for a meeting archived without that role
   * (docs/minutes.md#who-signs): each named holder prints under the role, and a role nobody holds is left out (it
   * does not sign: a role that signs always has a holder by then). Absent: the meeting's roles, 'Not named' for none.
   */
  signers?: { chair?: string; secretary?: string };
}

/** the minutes' own style rules around the shared ones */
const CSS = `  @page { size: A4; margin: 18mm 16mm 20mm 16mm; }
${PAGE_CSS}  h3 { font-size: 12pt; margin: 10pt 0 4pt; }
  h4 { font-size: 11pt; margin: 8pt 0 3pt; }
  .subtitle { color: #52606d; margin: 0 0 10pt; }
  table { width: 100%; border-collapse: collapse; margin: 4pt 0 8pt; page-break-inside: auto; }
${CELL_CSS}  .meta { color: #52606d; font-size: 10pt; }
  .label { font-weight: bold; font-size: 10pt; color: #3b5bdb; margin-top: 4pt; }
  .conclusion { background: #f8f9fa; border-inline-start: 3pt solid #3b5bdb; padding: 4pt 8pt; margin: 2pt 0 6pt; }
  .muted { color: #7b8794; }
  .comments ul { margin: 2pt 0 6pt; padding-inline-start: 16pt; }
  .subpoint { margin-inline-start: 14pt; }
  section { page-break-inside: avoid; }
  td.nowrap { white-space: nowrap; }
  .signatures { display: flex; gap: 24pt; margin-top: 28pt; page-break-inside: avoid; }
  .signatory { flex: 1; }
  .signatory .line { border-bottom: 1px solid #1f2933; height: 28pt; margin: 0 0 2pt; }
  .signatory .caption { font-size: 9pt; color: #52606d; margin: 0 0 8pt; }
${FACTS_CSS}`;

function conclusionBlock(item: MinutesItem | undefined, L: MinutesLabels): string {
  if (!item) return '';
  const text = !item.active ? `<p class="muted">${escapeHtml(L.inactive)}</p>` : item.conclusion ? `<p class="conclusion">${para(item.conclusion)}</p>` : `<p class="muted">${escapeHtml(L.noConclusion)}</p>`;
  const comments = item.comments.length
    ? `<div class="comments"><div class="label">${escapeHtml(L.comments)}</div><ul>${commentItems(item.comments.map((c) => ({ name: c.user_name, comment: c.comment })))}</ul></div>`
    : '';
  return `<div class="label">${escapeHtml(L.conclusion)}</div>${text}${comments}`;
}

/** what every block of the minutes writes with: the words, the language and the one date formatter (pdf/dates.ts) */
export interface PrintCtx {
  L: MinutesLabels;
  lang: Lang;
  dates: PrintedDates;
  /** the meeting's day ('YYYY-MM-DD'): a planned start on it prints as a time, on another day with its date */
  day: string;
}

const personName = (p: { user?: { name: string | null } | null; user_email?: string | null }): string => p.user?.name ?? p.user_email ?? '';

/**
 * Who voted what, by name (issue 27): each voter with their vote (an open election: the candidates they chose) and
 * their reason, in the minutes' language. A secret ballot records the counts only: no name beside a choice, and how
 * many have voted.
 */
export function namedVotes(d: Pick<DecisionPayload, 'voters' | 'election'> & Partial<Pick<DecisionPayload, 'ballot' | 'votes_cast'>>, { L, lang }: Pick<PrintCtx, 'L' | 'lang'>): string {
  if (d.ballot === 'secret') {
    const cast = d.votes_cast ?? d.voters.filter((v) => v.has_voted).length;
    return `<p class="muted secret-ballot">${escapeHtml(L.secretBallot)} ${escapeHtml(L.votedCount.replace('{cast}', String(cast)).replace('{total}', String(d.voters.length)))}</p>`;
  }
  if (!d.voters.length) return `<div class="label">${escapeHtml(L.votesByName)}</div><p class="muted">${escapeHtml(L.noVoters)}</p>`;
  const e = d.election;
  const chose = (v: DecisionPayload['voters'][number]): string | null =>
    e && v.choices ? (v.choices.length ? joinNames(v.choices.map((c) => e.candidates.find((x) => x.id === c)?.name ?? `#${c}`), lang) : electionWords(lang).blank) : null;
  const reasons = d.voters.some((v) => v.reason);
  const rows = d.voters
    .map((v) => `<tr><td>${escapeHtml(personName(v))}</td><td>${escapeHtml(chose(v) ?? valueIn(lang, v.vote_label))}</td>${reasons ? `<td>${para(v.reason ?? '')}</td>` : ''}</tr>`)
    .join('');
  return `<div class="label">${escapeHtml(L.votesByName)}</div>${table(reasons ? [L.name, L.vote, L.reason] : [L.name, L.vote], rows).replace('<table>', '<table class="named-votes">')}`;
}

function decisionBlock(d: DecisionPayload, item: MinutesItem | undefined, c: PrintCtx): string {
  const { L, lang } = c;
  const outcome = d.outcome ? valueIn(lang, d.outcome) : L.votingOpen;
  const deadline = escapeHtml(c.dates.dateTime(d.deadline));
  // an election's result is per candidate (its table): the line says the close date, and No quorum or voting open
  const meta = d.election
    ? `${escapeHtml(L.deadline)}: ${deadline}${d.outcome || d.voting_open ? ` · ${escapeHtml(L.outcome)}: <b>${escapeHtml(outcome)}</b>` : ''}`
    : `${escapeHtml(L.deadline)}: ${deadline} · ${escapeHtml(L.outcome)}: <b>${escapeHtml(outcome)}</b> · ${escapeHtml(countWords(lang).rule)}: ${escapeHtml(ruleText(d, lang))}`;
  // the motion: who moved it and who seconded it, when recorded (issue 27)
  const motion = d.mover || d.seconder
    ? `<p class="meta motion">${escapeHtml(L.movedBy)}: ${escapeHtml(d.mover?.name ?? L.none)} · ${escapeHtml(L.secondedBy)}: ${escapeHtml(d.seconder?.name ?? L.none)}</p>`
    : '';
  const number = d.resolution_number ? `<span class="resolution-number">${escapeHtml(L.resolutionNo.replace('{number}', () => d.resolution_number!))}</span> · ` : '';
  return `<section class="decision"><h3>${number}${escapeHtml(d.title)}</h3>${d.description ? `<p>${para(d.description)}</p>` : ''}
<p class="meta">${meta}</p>${motion}
${d.election ? electionTable(d, lang) : talliesTable(d, L, lang)}
${namedVotes(d, c)}
${conclusionBlock(item, L)}</section>`;
}

/** the people an action is assigned to, by name */
const responsibleOf = (a: ActionPayload, lang: Lang): string => joinNames(a.participants.map(personName).filter(Boolean), lang);

function actionBlock(a: ActionPayload, item: MinutesItem | undefined, c: PrintCtx): string {
  const { L, lang } = c;
  const rows = a.participants.map((p) => `<tr><td>${escapeHtml(personName(p))}</td><td>${escapeHtml(valueIn(lang, p.status))}</td></tr>`).join('');
  return `<section class="action"><h3>${escapeHtml(a.title)}</h3>${a.description ? `<p>${para(a.description)}</p>` : ''}
<p class="meta">${escapeHtml(L.status)}: <b>${escapeHtml(valueIn(lang, a.status))}</b> · ${escapeHtml(L.priority)}: ${escapeHtml(valueIn(lang, a.priority))} · ${escapeHtml(L.due)}: ${escapeHtml(c.dates.dateTime(a.open_till))}</p>
${table([L.responsible, L.status], rows)}
${conclusionBlock(item, L)}</section>`;
}

/**
 * The action register that opens the actions (issue 27): each action with who is responsible (its participants, by
 * name), when it is due (the organization's local time, in the minutes' language) and its overall state.
 */
export function actionRegister(actions: readonly ActionPayload[], c: PrintCtx): string {
  const { L, lang } = c;
  const rows = actions
    .map((a) => `<tr><td>${escapeHtml(a.title)}</td><td>${escapeHtml(responsibleOf(a, lang) || L.none)}</td><td class="nowrap">${escapeHtml(c.dates.dateTime(a.open_till))}</td><td>${escapeHtml(valueIn(lang, a.status))}</td></tr>`)
    .join('');
  return table([L.action, L.responsible, L.due, L.status], rows).replace('<table>', '<table class="action-register">');
}

/** an agenda item's plan (issue 27): its planned start, its duration and who presents it; nothing for what is not known */
export function itemPlan(p: { planned_start?: string | null; duration?: number | null; presenters: ReadonlyArray<{ user?: { name: string | null } | null; user_email?: string | null }> }, c: PrintCtx, presenterLabel: 'presenters' | 'presenter' = 'presenters'): string {
  const { L } = c;
  const names = p.presenters.map(personName).filter(Boolean);
  const parts = [
    p.planned_start ? `${escapeHtml(L.plannedStart)}: ${escapeHtml(p.planned_start.slice(0, 10) === c.day ? c.dates.time(p.planned_start) : c.dates.dateTime(p.planned_start))}` : null,
    p.duration ? escapeHtml(L.minutesShort.replace('{n}', String(p.duration))) : null,
    names.length ? `${escapeHtml(L[presenterLabel])}: ${escapeHtml(joinNames(names, c.lang))}` : null,
  ].filter((x): x is string => x !== null);
  return parts.length ? `<p class="meta plan">${parts.join(' · ')}</p>` : '';
}

/**
 * The signature block that closes the minutes (issue 27): the chair and the secretary of the meeting by name (the
 * meeting roles of the roll call, or the holder the owner named when sending an Archived meeting's minutes for
 * approval; 'Not named' when nobody holds one), each with a line to sign on and a line for the
 * date, in the minutes' language.
 */
export function signatureBlock(members: MinutesDocument['meeting']['members'], L: MinutesLabels, named?: MinutesDocument['signers']): string {
  const holder = (role: 'chair' | 'secretary') => named?.[role] ?? members.find((p) => p.meeting_role === role)?.user?.name ?? null;
  const one = (role: 'chair' | 'secretary') => {
    const name = holder(role);
    if (named && name === null) return '';
    return `<div class="signatory" data-role="${role}"><h3>${escapeHtml(L[role])}</h3><p>${name === null ? `<span class="muted">${escapeHtml(L.notNamed)}</span>` : escapeHtml(name)}</p>
<div class="line"></div><p class="caption">${escapeHtml(L.signature)}</p><div class="line"></div><p class="caption">${escapeHtml(L.signedOn)}</p></div>`;
  };
  return `<h2>${escapeHtml(L.signatures)}</h2><div class="signatures">${one('chair')}${one('secretary')}</div>`;
}

/** the conflicts of interest declared on an agenda item (issue 27): each declarer by name with their note; 'None declared' otherwise */
export function conflictsBlock(conflicts: ReadonlyArray<{ name: string | null; note: string | null }> | undefined, L: MinutesLabels): string {
  const list = conflicts ?? [];
  const body = list.length
    ? `<ul>${list.map((c) => `<li>${escapeHtml(c.name ?? '')}${c.note ? ` <span class="muted">(${escapeHtml(c.note)})</span>` : ''}</li>`).join('')}</ul>`
    : `<p class="muted">${escapeHtml(L.noConflicts)}</p>`;
  return `<div class="conflicts"><div class="label">${escapeHtml(L.conflicts)}</div>${body}</div>`;
}

/** a roll call mark as it prints in English and as VALUES knows it (Present, Remote, Absent, Excused) */
const markWord = (mark: string): string => mark.charAt(0).toUpperCase() + mark.slice(1);

export function minutesHtml(doc: MinutesDocument): string {
  const L = labelsFor(doc.lang);
  const m = doc.meeting;
  // every date of the document through one formatter, in its language (pdf/dates.ts)
  const dates = printedDates(doc.lang, m.time_zone ?? null);
  const c: PrintCtx = { L, lang: doc.lang, dates, day: m.start_date.slice(0, 10) };
  const byKey = new Map(doc.items.map((i) => [minutesKey(i.type, i.id), i]));
  const at = (type: MinutesItem['type'], id: number) => byKey.get(minutesKey(type, id));
  const people = [...m.members, ...m.guest_member];
  // a member who gave their proxy: "X (represented by Y)" (docs/meeting.md#proxies)
  const holderOf = new Map(m.proxies.items.map((x) => [x.from_user_id, x.to.name ?? '']));
  const represented = (userId: number | null) => {
    const holder = userId === null ? undefined : holderOf.get(userId);
    return holder === undefined ? '' : ` <span class="muted">(${escapeHtml(L.representedBy.replace('{name}', () => holder))})</span>`;
  };
  // once the roll call is taken it is the attendance (issue 27): its mark in place of the RSVP, with the lists below
  const taken = m.roll_call.taken;
  const rollMark = (p: (typeof people)[number]) => (p.user_id === null ? '' : p.roll_call ? valueIn(doc.lang, markWord(p.roll_call)) : L.notMarked);
  const attendance = people
    .map((p) => `<tr><td>${escapeHtml(p.user?.name ?? p.guest_name ?? p.user_email ?? '')}${p.user_id === null ? ` <span class="muted">(${escapeHtml(L.guest)})</span>` : ''}${represented(p.user_id)}</td><td>${escapeHtml(valueIn(doc.lang, p.type))}</td><td>${escapeHtml(taken ? rollMark(p) : valueIn(doc.lang, p.attendance_status))}</td></tr>`)
    .join('');
  const namesMarked = (mark: string) => {
    const names = m.members.filter((p) => p.user_id !== null && p.roll_call === mark).map((p) => escapeHtml(p.user?.name ?? ''));
    return names.length ? joinNames(names, doc.lang) : escapeHtml(L.none);
  };
  const q = m.roll_call.quorum;
  const quorumLine = `<p class="quorum" data-met="${q.met ? 1 : 0}"><b>${escapeHtml(q.met ? (m.roll_call.reached_at ? L.quorumReachedAt.replace('{time}', () => dates.dateTime(m.roll_call.reached_at)) : L.quorumReached) : L.quorumNotReached)}</b> · ${escapeHtml(
    L.quorumCount.replace('{present}', String(q.present)).replace('{total}', String(q.total)).replace('{needed}', String(q.needed)).replace('{percent}', String(q.percent)),
  )}</p>`;
  const rollCall = taken
    ? `${factsList([[L.present, namesMarked('present')], [L.remote, namesMarked('remote')], [L.absent, namesMarked('absent')], [L.apologies, namesMarked('excused')]])}
<h3>${escapeHtml(L.quorum)}</h3>
${quorumLine}`
    : '';

  const agenda: string[] = [];
  const decisions: string[] = [];
  const actions: string[] = [];
  const actionItems = new Map<number, ActionPayload>();
  let n = 0;
  for (const group of m.agendas) {
    for (const item of group.data) {
      if (item.agenda_type === 'talking_point') {
        n += 1;
        const subs = item.subpoints
          .map((s, i) => `<div class="subpoint"><h4>${n}.${i + 1} ${escapeHtml(s.title)}</h4>${itemPlan({ duration: s.duration, presenters: s.presenter ? [s.presenter] : [] }, c, 'presenter')}${s.description ? `<p>${para(s.description)}</p>` : ''}${conclusionBlock(at('subpoint', s.subpoint_id), L)}</div>`)
          .join('');
        agenda.push(`<section class="item"><h3>${n}. ${escapeHtml(item.title)}</h3>${itemPlan(item, c)}${item.description ? `<p>${para(item.description)}</p>` : ''}${conflictsBlock(item.conflicts, L)}${conclusionBlock(at('talking_point', item.id), L)}${subs}</section>`);
        for (const s of item.subpoints) for (const d of s.decision) decisions.push(decisionBlock(d, at('decision', d.id), c));
        for (const d of item.decisions) decisions.push(decisionBlock(d, at('decision', d.id), c));
        for (const a of item.actions) {
          actions.push(actionBlock(a, at('action', a.id), c));
          actionItems.set(a.id, a);
        }
      } else if (item.agenda_type === 'decision') {
        decisions.push(decisionBlock(item, at('decision', item.id), c));
      } else {
        actions.push(actionBlock(item, at('action', item.id), c));
        actionItems.set(item.id, item);
      }
    }
  }
  const unique = (list: string[]) => [...new Set(list)];

  // the meeting's dates are the organization's local time: the zone is said beside them (a reader elsewhere, or
  // an auditor years later, knows which 10:00 it was); the other dates of the document are in the same zone
  const facts = factsList([
    [L.committee, escapeHtml(m.committee?.name ?? '')],
    [L.date, escapeHtml(dates.dateTime(m.start_date, { zoned: true }))],
    m.duration ? [L.duration, String(m.duration)] : null,
    m.location ? [L.location, escapeHtml(m.location)] : null,
    [L.status, escapeHtml(valueIn(doc.lang, m.status.name))],
    [L.owner, escapeHtml(m.owner.name ?? '')],
    [L.generated, escapeHtml(dates.dateTime(doc.generatedAt, { zoned: true }))],
  ]);
  return printedPage({
    lang: doc.lang,
    title: m.title,
    subtitle: `${L.minutes} · ${L.version} ${doc.version}`,
    css: CSS,
    body: `${facts}
${m.description ? `<p>${para(m.description)}</p>` : ''}
${conclusionBlock(at('meeting', m.id), L)}
<h2>${escapeHtml(L.attendance)}</h2>
${table([L.name, L.role, taken ? L.rollCall : L.response], attendance)}
${rollCall}
${agenda.length ? `<h2>${escapeHtml(L.agenda)}</h2>${agenda.join('\n')}` : ''}
${decisions.length ? `<h2>${escapeHtml(L.decisions)}</h2>${unique(decisions).join('\n')}` : ''}
${actions.length ? `<h2>${escapeHtml(L.actions)}</h2><div class="label">${escapeHtml(L.actionRegister)}</div>${actionRegister([...actionItems.values()], c)}${unique(actions).join('\n')}` : ''}
${m.summary ? `<h2>${escapeHtml(L.summary)}</h2><p>${para(m.summary)}</p>` : ''}
${signatureBlock(m.members, L, doc.signers)}`,
  });
}

/** the page footer Chromium prints on every page: "Page n of N" in the document's language */
export function footerHtml(lang: Lang): string {
  const L = labelsFor(lang);
  return `<div style="font-size:8pt;width:100%;text-align:center;color:#7b8794;font-family:'DejaVu Sans',sans-serif" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${escapeHtml(L.page)} <span class="pageNumber"></span> ${escapeHtml(L.of)} <span class="totalPages"></span></div>`;
}
