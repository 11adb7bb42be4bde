import type { MeetingDetails } from '@app/contracts';
import { minutesItems } from './items';

/** the least of an agenda the rule reads */
const tp = (id: number, title: string, extra: Record<string, unknown> = {}) => ({ agenda_type: 'talking_point', id, title, subpoints: [], decisions: [], actions: [], ...extra });
const dec = (id: number, title: string) => ({ agenda_type: 'decision', id, title });
const act = (id: number, title: string) => ({ agenda_type: 'action', id, title });

describe('minutesItems: the items of the minutes in agenda order', () => {
  it('lists the meeting, each talking point with its sub-points, decisions and actions, then the top-level items, each once', () => {
    const agendas = [
      { agenda_type: 'talking_point', agenda_type_id: 1, row_num: 1, data: [tp(1, 'Budget', { subpoints: [{ subpoint_id: 11, title: 'Capex', decision: [dec(21, 'Approve capex')] }], decisions: [dec(22, 'Approve budget')], actions: [act(31, 'Send budget')] })] },
      { agenda_type: 'decision', agenda_type_id: 22, row_num: 2, data: [dec(22, 'Approve budget')] },
      { agenda_type: 'action', agenda_type_id: 32, row_num: 3, data: [act(32, 'Book venue')] },
    ];
    const items = minutesItems({ id: 9, title: 'Board', agendas } as unknown as MeetingDetails);
    expect(items.map((i) => `${i.type}:${i.id}:${i.parent ? `${i.parent.type}:${i.parent.id}` : '-'}`)).toEqual([
      'meeting:9:-', 'talking_point:1:-', 'subpoint:11:talking_point:1', 'decision:21:subpoint:11', 'decision:22:talking_point:1', 'action:31:talking_point:1', 'action:32:-',
    ]);
  });
});
