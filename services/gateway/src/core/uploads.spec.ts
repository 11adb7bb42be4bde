import { imageType } from './uploads';

describe('imageType', () => {
  it.each([
    ['a PNG signature', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a], 'png'],
    ['a JPEG signature', [0xff, 0xd8, 0xff, 0xe0], 'jpg'],
    ['a ZIP (a sheet named .png)', [0x50, 0x4b, 0x03, 0x04], null],
    ['text', [...Buffer.from('<svg>')], null],
    ['too short for any signature', [0x89, 0x50], null],
    ['empty', [], null],
  ] as const)('%s -> %s', (_name, bytes, expected) => {
    expect(imageType(Buffer.from(bytes))).toBe(expected);
  });
});
