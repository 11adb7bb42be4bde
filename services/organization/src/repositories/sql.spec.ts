import { escapeLike } from './sql';

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
