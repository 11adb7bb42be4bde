import { containsPattern, escapeLike } from './like';

describe('escapeLike', () => {
  it.each<[string, string]>([
    ['plain', 'plain'],
    ['', ''],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
  ])('%j -> %j', (input, expected) => {
    expect(escapeLike(input)).toBe(expected);
  });
});

describe('containsPattern', () => {
  it.each<[string, string]>([
    ['board', '%board%'],
    ['50%_off', '%50\\%\\_off%'],
    ['', '%%'],
  ])('%j -> %j', (input, expected) => {
    expect(containsPattern(input)).toBe(expected);
  });
});
