import { voteRequestsGo } from './vote-requests';

describe('vote requests go out', () => {
  it.each([
    ['a Draft meeting: no (the participants are not invited yet)', 1, false],
    ['a Scheduled meeting', 2, true],
    ['a Live meeting', 3, true],
    ['a Cancelled meeting (voting is closed anyway)', 4, true],
    ['an Archived meeting (voting is closed anyway)', 5, true],
    ['a standalone resolution', null, true],
  ] as Array<[string, number | null, boolean]>)('%s', (_l, status, go) => expect(voteRequestsGo(status)).toBe(go));
});
