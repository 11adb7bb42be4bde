import { isEmptyNote } from './notes';

describe('empty notes', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['plain old text', false],
    ['""', true],
    ['"hello"', false],
    ['{"ops":[{"insert":"\\n"}]}', true],
    ['{"ops":[{"insert":"Remember the budget\\n"}]}', false],
    ['{"type":"doc","content":[{"type":"paragraph","content":[]}]}', true],
    ['{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"hi"}]}]}', false],
    ['[{"type":"paragraph","children":[{"text":""}]}]', true],
    ['[{"type":"paragraph","children":[{"text":"x"}]}]', false],
  ])('%p -> %s', (note, empty) => expect(isEmptyNote(note)).toBe(empty));
});
