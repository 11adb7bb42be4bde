import { minutesFileName } from './file-name';

describe('minutesFileName', () => {
  it.each([
    ['Board meeting', 'Board meeting.pdf'],
    ['اجتماع المجلس', 'اجتماع المجلس.pdf'],
    ['a/b\\c:d', 'a b c d.pdf'],
    ['   ', 'minutes.pdf'],
  ])('%p -> %p', (title, name) => expect(minutesFileName(title)).toBe(name));
});
