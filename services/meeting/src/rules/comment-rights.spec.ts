import { canDeleteComment } from './comment-rights';

describe('may delete a comment', () => {
  it.each([
    [true, 1, true],
    [true, 2, true],
    [true, 3, true],
    [true, 4, false],
    [true, 5, false],
    [true, null, true],
    [false, 2, false],
    [false, null, false],
  ])('mine=%s meeting status %p -> %s', (mine, meetingStatusId, ok) => expect(canDeleteComment({ mine, meetingStatusId })).toBe(ok));
});
