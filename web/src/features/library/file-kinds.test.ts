import { cellText, columnName, gridSize } from '../viewers/sheet-rules';
import { acceptAttribute, fileKind, formatSize, isAcceptedName, viewerPath } from './file-kinds';

describe('file kinds (type icons, which viewer opens a file)', () => {
  it.each([
    ['folder', 'Board', 'folder'],
    ['application/pdf', 'a.bin', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx', 'word'],
    ['application/msword', 'a.doc', 'word'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx', 'excel'],
    ['application/vnd.ms-excel', 'a.xls', 'excel'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a.pptx', 'powerpoint'],
    ['audio/mpeg', 'a.mp3', 'audio'],
    ['audio/wav', 'a.wav', 'audio'],
    ['message/rfc822', 'a.eml', 'email'],
    ['application/vnd.ms-outlook', 'a.msg', 'email'],
    ['text/plain', 'notes.txt', 'text'],
    ['application/octet-stream', 'mail.msg', 'email'],
    ['', 'deck.PPTX', 'powerpoint'],
    [null, 'x.exe', 'other'],
  ])('%p named %p is %p', (type, name, kind) => expect(fileKind(type, name)).toBe(kind));
});

describe('uploader extensions: pdf, text, word, excel, powerpoint, audio, e-mail; PDF-only takes pdf alone', () => {
  it.each([
    ['report.pdf', false, true],
    ['notes.txt', false, true],
    ['a.docx', false, true],
    ['a.xlsx', false, true],
    ['a.pptx', false, true],
    ['a.mp3', false, true],
    ['a.eml', false, true],
    ['a.msg', false, true],
    ['setup.exe', false, false],
    ['noext', false, false],
    ['report.pdf', true, true],
    ['a.docx', true, false],
    ['REPORT.PDF', true, true],
  ])('%p (pdfOnly %p) accepted: %p', (name, pdfOnly, ok) => expect(isAcceptedName(name, pdfOnly)).toBe(ok));

  it('tells the file dialog the same', () => {
    expect(acceptAttribute(true)).toBe('.pdf,application/pdf');
    expect(acceptAttribute(false).split(',')).toEqual(expect.arrayContaining(['.pdf', '.docx', '.xlsx', '.pptx', '.mp3', '.eml', '.msg', '.txt']));
  });
});

describe('sizes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [null, ''],
    [-1, ''],
  ])('%p bytes -> %p', (bytes, text) => expect(formatSize(bytes)).toBe(text));

  it.each([
    [1536, 'ru', '1,5 КБ'],
    [5 * 1024 * 1024, 'ru', '5,0 МБ'],
    [12, 'ru', '12 Б'],
    [1536, 'ar', '1.5 ك.ب'],
    [12, 'ar', '12 بايت'],
    [1536, 'fr', '1.5 KB'],
    [1536, 'en', '1.5 KB'],
  ])('%p bytes in %p -> %p (the units and the decimal mark of the language)', (bytes, lang, text) => expect(formatSize(bytes, lang)).toBe(text));
});

describe('where a file opens', () => {
  it.each([
    ['pdf', 7, {}, '/doc-view?id=7'],
    ['pdf', 7, { edit: true, name: 'Pack.pdf' }, '/doc-view?id=7&doc=Pack.pdf&e=1'],
    ['pdf', 7, { meetingId: 3 }, '/doc-view?id=7&meeting_id=3'],
    ['excel', 8, {}, '/sheets/8'],
    ['excel', 8, { meetingId: 3 }, '/sheets/8/3'],
    ['word', 9, {}, '/viewer/0/9'],
    ['email', 9, { meetingId: 4 }, '/viewer/4/9'],
    ['audio', 10, {}, '/viewer/0/10'],
    ['folder', 11, {}, null],
  ] as const)('%p %p %p -> %p', (kind, id, opts, path) => expect(viewerPath(kind, id, opts)).toBe(path));
});

describe('the spreadsheet grid (100 rows, 26 columns by default)', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %p is %p', (i, name) => expect(columnName(i)).toBe(name));

  it.each([
    [[], { rows: 100, cols: 26 }],
    [[['a', 'b']], { rows: 100, cols: 26 }],
    [Array.from({ length: 150 }, () => ['x']), { rows: 150, cols: 26 }],
    [[Array.from({ length: 30 }, () => 1)], { rows: 100, cols: 30 }],
  ])('%#: a sheet of that data is %p', (rows, size) => expect(gridSize(rows)).toEqual(size));

  it.each([
    [null, ''],
    ['text', 'text'],
    [3.5, '3.5'],
    [true, 'true'],
    [{ formula: 'A1+1', result: 4 }, '4'],
    [{ richText: [{ text: 'a' }, { text: 'b' }] }, 'ab'],
    [{ text: 'link', hyperlink: 'https://x' }, 'link'],
  ])('cell %p shows %p', (cell, text) => expect(cellText(cell)).toBe(text));
});
