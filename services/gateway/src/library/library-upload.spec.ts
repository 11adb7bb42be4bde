import { fileName } from './library-upload';

/** multer hands names over as latin1 bytes: `asLatin1` makes what a browser's UTF-8 name looks like there */
const asLatin1 = (s: string) => Buffer.from(s, 'utf8').toString('latin1');

describe('fileName', () => {
  it.each([
    ['a plain name', 'minutes.pdf', 'minutes.pdf'],
    ['UTF-8 sent by a browser', asLatin1('procès-verbal.pdf'), 'procès-verbal.pdf'],
    ['Arabic', asLatin1('محضر.pdf'), 'محضر.pdf'],
    ['path separators become _', '../etc/passwd', '.._etc_passwd'],
    ['backslashes too', 'a\\b.pdf', 'a_b.pdf'],
    ['control characters become _', 'a\u0007b.pdf', 'a_b.pdf'],
    ['surrounding spaces go', '  x.pdf  ', 'x.pdf'],
    ['nothing left: file', '   ', 'file'],
    ['at most 191 characters', 'a'.repeat(300), 'a'.repeat(191)],
  ])('%s', (_name, given, expected) => {
    expect(fileName(given)).toBe(expected);
  });
});
