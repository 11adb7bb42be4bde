import { addedParticipants, nameList, participantName, type NamedPerson } from './activity-names';

const names: Record<number, string> = { 7: 'Mona Member', 8: '  ' };
const nameOf = (id: number) => names[id];

describe('participantName: who the activity log names', () => {
  it.each([
    ['a member by their name', { userId: 7, userEmail: null }, 'Mona Member'],
    ['a member whose name is blank: their e-mail when known', { userId: 8, userEmail: 'x@example.test' }, 'x@example.test'],
    ['a member the directory does not know, no e-mail', { userId: 9, userEmail: null }, 'a participant'],
    ['a guest by their name', { userId: null, userEmail: 'g@example.test', guestName: 'Board Guest' }, 'Board Guest'],
    ['a guest without a name: their e-mail', { userId: null, userEmail: 'g@example.test', guestName: null }, 'g@example.test'],
    ['a guest with a blank name: their e-mail', { userId: null, userEmail: 'g@example.test', guestName: ' ' }, 'g@example.test'],
  ] as Array<[string, NamedPerson, string]>)('%s', (_n, p, want) => expect(participantName(p, nameOf)).toBe(want));
});

describe('the activity line of added participants', () => {
  it.each([
    ['nobody', [], ''],
    ['one', ['Ada'], 'Ada'],
    ['two', ['Ada', 'Bob'], 'Ada and Bob'],
    ['three', ['Ada', 'Bob', 'Cy'], 'Ada, Bob and Cy'],
    ['five: three, then how many more', ['Ada', 'Bob', 'Cy', 'Dee', 'Eve'], 'Ada, Bob, Cy and 2 more'],
  ])('nameList: %s', (_n, list, want) => expect(nameList(list)).toBe(want));

  it.each([
    ['one', ['Ada'], 'added Ada as a participant'],
    ['two', ['Ada', 'Bob'], 'added 2 participants: Ada and Bob'],
    ['four', ['Ada', 'Bob', 'Cy', 'Dee'], 'added 4 participants: Ada, Bob, Cy and 1 more'],
  ])('addedParticipants: %s', (_n, list, want) => expect(addedParticipants(list)).toBe(want));
});
