import { oneStepPerPerson, type ExpandedAssignee } from './assignees';

const u = (step: number, userId: number): ExpandedAssignee => ({ step, userId, email: null });
const g = (step: number, email: string): ExpandedAssignee => ({ step, userId: null, email });
const key = (r: ExpandedAssignee) => `${r.userId ? `u${r.userId}` : r.email}@${r.step}`;

describe('oneStepPerPerson', () => {
  it.each<[string, ExpandedAssignee[], number[], string[]]>([
    ['distinct people keep their steps', [u(1, 5), u(2, 6), g(2, 'a@x.io')], [5, 6], ['u5@1', 'u6@2', 'a@x.io@2']],
    ['a member named twice keeps the lowest step', [u(3, 5), u(1, 5)], [5], ['u5@1']],
    ['a member of a committee and named directly: once', [u(2, 5), u(2, 6), u(1, 6)], [5, 6], ['u6@1', 'u5@2']],
    ['a guest e-mail twice: once, first step', [g(2, 'a@x.io'), g(1, 'a@x.io')], [], ['a@x.io@1']],
    ['a member no longer a user is left out', [u(1, 5), u(1, 7)], [5], ['u5@1']],
    ['steps sorted, the given order kept within a step', [u(2, 8), u(1, 6), u(1, 5)], [5, 6, 8], ['u6@1', 'u5@1', 'u8@2']],
    ['nobody', [], [], []],
  ])('%s', (_name, rows, known, expected) => expect(oneStepPerPerson(rows, (id) => known.includes(id)).map(key)).toEqual(expected));
});
