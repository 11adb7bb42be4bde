import type { Variant } from '@app/contracts';
import { isMinistry } from './variant';

describe('ministry variants', () => {
  it.each([
    ['default', false],
    ['moe', true],
    ['tender', true],
    [undefined, false],
  ] as Array<[Variant | undefined, boolean]>)('%s -> %s', (v, expected) => expect(isMinistry(v)).toBe(expected));
});
