import { createHash } from 'node:crypto';
import type { Lang, MeetingDetails } from '@app/contracts';

/** One section of the board book: an agenda item and the library files attached to it, in agenda order. */
export interface BookSection {
  /** the agenda item it is (`tp:1`, `sp:11`, `d:21`, `a:31`): the same item across publications */
  key: string;
  /** the item's own title, without the book's numbering (a rename, not a move, changes it) */
  label: string;
  title: string;
  files: { library_id: number; name: string }[];
}

type Agenda = Pick<MeetingDetails, 'agendas'>;

/**
 * The board book's sections: each talking point (its own files), then its sub-points, its decisions and its
 * actions, each with theirs; top-level decisions and actions in agenda order. Items without files are left out; an
 * item met twice (nested and on top) counts once.
 */
export function bookSections(m: Agenda): BookSection[] {
  const out: BookSection[] = [];
  const seen = new Set<string>();
  const add = (key: string, title: string, files: { library_id: number; name: string | null }[], label = title) => {
    if (seen.has(key)) return;
    seen.add(key);
    if (files.length) out.push({ key, label, title, files: files.map((f) => ({ library_id: f.library_id, name: f.name ?? `#${f.library_id}` })) });
  };
  let n = 0;
  for (const group of m.agendas) {
    for (const item of group.data) {
      if (item.agenda_type === 'talking_point') {
        n += 1;
        add(`tp:${item.id}`, `${n}. ${item.title}`, item.attachments, item.title);
        item.subpoints.forEach((s, i) => {
          add(`sp:${s.subpoint_id}`, `${n}.${i + 1} ${s.title}`, s.attachments, s.title);
          for (const d of s.decision) add(`d:${d.id}`, d.title, d.attachments);
        });
        for (const d of item.decisions) add(`d:${d.id}`, d.title, d.attachments);
        for (const a of item.actions) add(`a:${a.id}`, a.title, a.attachments);
      } else if (item.agenda_type === 'decision') {
        add(`d:${item.id}`, item.title, item.attachments);
      } else {
        add(`a:${item.id}`, item.title, item.attachments);
      }
    }
  }
  return out;
}

/** one line of the book's programme: a talking point or a sub-point, when it is planned to start, how long, who presents */
export interface ProgrammeLine {
  /** '1', '1.2' */
  number: string;
  title: string;
  /** 'YYYY-MM-DD HH:mm:ss' in the organization's zone (talking points; null for a sub-point) */
  planned_start: string | null;
  duration: number;
  presenters: string[];
}

type Named = { user?: { name: string | null } | null; user_email?: string | null };
const nameOf = (p: Named): string => p.user?.name ?? p.user_email ?? '';

/**
 * The programme on the book's agenda page (issue 27): every talking point in agenda order, with or without files, its
 * planned start, duration and presenters, each followed by its sub-points (duration and presenter).
 */
export function bookProgramme(m: Agenda): ProgrammeLine[] {
  const out: ProgrammeLine[] = [];
  let n = 0;
  for (const group of m.agendas) {
    for (const item of group.data) {
      if (item.agenda_type !== 'talking_point') continue;
      n += 1;
      out.push({ number: String(n), title: item.title, planned_start: item.planned_start ?? null, duration: item.duration, presenters: item.presenters.map(nameOf).filter(Boolean) });
      item.subpoints.forEach((s, i) => out.push({ number: `${n}.${i + 1}`, title: s.title, planned_start: null, duration: s.duration, presenters: s.presenter ? [nameOf(s.presenter)].filter(Boolean) : [] }));
    }
  }
  return out;
}

/**
 * the agenda state a book was made from: a new title, section or file makes a new book, and so does a change of the
 * programme (a planned start, a duration, a presenter) when it is given, and a file's new version. `versions`: the
 * files' current versions as this service knows them (library.v1.file.uploaded); a first version (or an unknown one)
 * leaves the file's part as it was before versions counted, so books made before keep their fingerprint. `lang`: the
 * language the book is printed in (the minutes'): another language is another book; English adds nothing, so books
 * made before the book had a language keep theirs.
 */
export function bookFingerprint(title: string, sections: Pick<BookSection, 'title' | 'files'>[], programme?: ProgrammeLine[], versions: ReadonlyMap<number, number> = new Map(), lang: Lang = 'en'): string {
  const file = (id: number) => ((versions.get(id) ?? 1) > 1 ? `${id}@${versions.get(id)}` : id);
  const state: unknown[] = [title, sections.map((s) => [s.title, s.files.map((f) => file(f.library_id))])];
  if (programme) state.push(programme.map((l) => [l.number, l.title, l.planned_start, l.duration, l.presenters]));
  if (lang !== 'en') state.push({ lang });
  return createHash('sha256').update(JSON.stringify(state)).digest('hex').slice(0, 40);
}

/**
 * Page ranges of the book (1-based): the cover, the agenda, then each file after the other. `pages` are the files'
 * page counts in section order.
 */
export function bookLayout(coverPages: number, agendaPages: number, sections: { title: string; files: { name: string; pages: number }[] }[]) {
  const entries: { name: string; start: number; end: number; section: number }[] = [];
  let next = coverPages + agendaPages + 1;
  sections.forEach((s, i) => {
    for (const f of s.files) {
      entries.push({ name: f.name, start: next, end: next + f.pages - 1, section: i });
      next += f.pages;
    }
  });
  return { entries, total: next - 1 };
}
