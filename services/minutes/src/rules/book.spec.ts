import type { MeetingDetails } from '@app/contracts';
import { bookFingerprint, bookLayout, bookProgramme, bookSections } from './book';

const f = (library_id: number, name: string) => ({ library_id, name });
const agendas = [
  {
    agenda_type: 'talking_point', agenda_type_id: 1, row_num: 1,
    data: [{
      agenda_type: 'talking_point', id: 1, title: 'Budget', attachments: [f(10, 'budget.pdf')],
      subpoints: [{ subpoint_id: 11, title: 'Capex', attachments: [f(11, 'capex.pdf')], decision: [] }],
      decisions: [{ agenda_type: 'decision', id: 21, title: 'Approve budget', attachments: [f(12, 'resolution.pdf')] }],
      actions: [{ agenda_type: 'action', id: 31, title: 'Send', attachments: [] }],
    }],
  },
  { agenda_type: 'decision', agenda_type_id: 21, row_num: 2, data: [{ agenda_type: 'decision', id: 21, title: 'Approve budget', attachments: [f(12, 'resolution.pdf')] }] },
  { agenda_type: 'action', agenda_type_id: 32, row_num: 3, data: [{ agenda_type: 'action', id: 32, title: 'Book venue', attachments: [f(13, 'venue.pdf')] }] },
] as unknown as MeetingDetails['agendas'];

describe('bookSections: attachments in agenda order', () => {
  it('talking point, sub-points, its decisions and actions, then top-level items; items without files left out; each item once', () => {
    expect(bookSections({ agendas })).toEqual([
      { key: 'tp:1', label: 'Budget', title: '1. Budget', files: [f(10, 'budget.pdf')] },
      { key: 'sp:11', label: 'Capex', title: '1.1 Capex', files: [f(11, 'capex.pdf')] },
      { key: 'd:21', label: 'Approve budget', title: 'Approve budget', files: [f(12, 'resolution.pdf')] },
      { key: 'a:32', label: 'Book venue', title: 'Book venue', files: [f(13, 'venue.pdf')] },
    ]);
  });

  it('the fingerprint changes with a file and not with nothing', () => {
    const a = bookFingerprint('Board', bookSections({ agendas }));
    expect(bookFingerprint('Board', bookSections({ agendas }))).toBe(a);
    expect(bookFingerprint('Board', [{ title: '1. Budget', files: [f(99, 'x.pdf')] }])).not.toBe(a);
    expect(bookFingerprint('Other', bookSections({ agendas }))).not.toBe(a);
  });

  it('a new version of a file makes a new fingerprint; a first version keeps the one books had before versions counted', () => {
    const a = bookFingerprint('Board', bookSections({ agendas }));
    expect(bookFingerprint('Board', bookSections({ agendas }), undefined, new Map([[10, 1]]))).toBe(a);
    const v2 = bookFingerprint('Board', bookSections({ agendas }), undefined, new Map([[10, 2]]));
    expect(v2).not.toBe(a);
    expect(bookFingerprint('Board', bookSections({ agendas }), undefined, new Map([[10, 3]]))).not.toBe(v2);
  });

  it('the language the book is printed in is part of its state: each language its own fingerprint, English the one books had before', () => {
    const sections = bookSections({ agendas });
    const a = bookFingerprint('Board', sections, [], new Map());
    expect(bookFingerprint('Board', sections, [], new Map(), 'en')).toBe(a);
    const each = (['en', 'ar', 'fr', 'ru'] as const).map((lang) => bookFingerprint('Board', sections, [], new Map(), lang));
    expect(new Set(each).size).toBe(4);
    expect(bookFingerprint('Board', sections, [], new Map(), 'ar')).toBe(each[1]);
  });
});

describe('bookProgramme: every talking point with its plan (issue 27)', () => {
  const tp = (id: number, title: string, planned_start: string, duration: number, presenters: unknown[], subpoints: unknown[] = []) => ({
    agenda_type: 'talking_point', id, title, planned_start, duration, presenters, subpoints, attachments: [], decisions: [], actions: [],
  });
  const plan = [
    { agenda_type: 'talking_point', agenda_type_id: 1, row_num: 1, data: [tp(1, 'Budget', '2026-11-24 10:00:00', 30, [{ user: { name: 'Ada' }, user_email: null }, { user: null, user_email: 'cfo@x.co' }], [{ title: 'Capex', duration: 10, presenter: { user: { name: 'Mona' }, user_email: null } }, { title: 'Opex', duration: 0, presenter: null }])] },
    { agenda_type: 'decision', agenda_type_id: 2, row_num: 2, data: [{ agenda_type: 'decision', id: 2, title: 'Approve', attachments: [] }] },
    { agenda_type: 'talking_point', agenda_type_id: 3, row_num: 3, data: [tp(3, 'AOB', '2026-11-24 10:40:00', 5, [])] },
  ] as unknown as MeetingDetails['agendas'];

  it('in agenda order, without files too; sub-points under their item; decisions and actions are not in it', () => {
    expect(bookProgramme({ agendas: plan })).toEqual([
      { number: '1', title: 'Budget', planned_start: '2026-11-24 10:00:00', duration: 30, presenters: ['Ada', 'cfo@x.co'] },
      { number: '1.1', title: 'Capex', planned_start: null, duration: 10, presenters: ['Mona'] },
      { number: '1.2', title: 'Opex', planned_start: null, duration: 0, presenters: [] },
      { number: '2', title: 'AOB', planned_start: '2026-11-24 10:40:00', duration: 5, presenters: [] },
    ]);
  });

  it('a moved start or another presenter makes a new book', () => {
    const lines = bookProgramme({ agendas: plan });
    const a = bookFingerprint('Board', [], lines);
    expect(bookFingerprint('Board', [], lines)).toBe(a);
    expect(bookFingerprint('Board', [], [{ ...lines[0]!, planned_start: '2026-11-24 10:15:00' }, ...lines.slice(1)])).not.toBe(a);
    expect(bookFingerprint('Board', [], [{ ...lines[0]!, presenters: ['Ada'] }, ...lines.slice(1)])).not.toBe(a);
  });
});

describe('bookLayout: page ranges after the cover and the agenda', () => {
  it.each([
    ['one file', 1, 1, [[3]], [[3, 5]], 5],
    ['files one after the other, across sections', 1, 2, [[2, 1], [4]], [[4, 5], [6, 6], [7, 10]], 10],
    ['no files', 1, 1, [], [], 2],
  ] as const)('%s', (_n, cover, agenda, pages, ranges, total) => {
    const l = bookLayout(cover, agenda, pages.map((ps, i) => ({ title: `s${i}`, files: ps.map((p, j) => ({ name: `f${i}${j}`, pages: p })) })));
    expect(l.entries.map((e) => [e.start, e.end])).toEqual(ranges);
    expect(l.total).toBe(total);
  });
});
