import { detectKind, extensionOf, looksLikeText } from './library.kinds';

const b = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const wav = b('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ');

describe('detectKind: the content decides, the name only tells containers apart', () => {
  it.each([
    ['a PDF', b('%PDF-1.7\n...'), 'pack.pdf', 'pdf', 'pdf'],
    ['a PDF named .txt', b('%PDF-1.4\n...'), 'pack.txt', 'pdf', 'pdf'],
    ['a docx', b(ZIP, '....[Content_Types].xml....word/document.xml'), 'minutes.docx', 'word', 'docx'],
    ['an xlsx', b(ZIP, '....xl/workbook.xml'), 'budget.xlsx', 'excel', 'xlsx'],
    ['a pptx', b(ZIP, '....ppt/presentation.xml'), 'slides.pptx', 'powerpoint', 'pptx'],
    ['a legacy .doc', b(OLE, 'rest'), 'old.doc', 'word', 'doc'],
    ['a legacy .xls', b(OLE, 'rest'), 'old.xls', 'excel', 'xls'],
    ['an Outlook .msg', b(OLE, 'rest'), 'mail.msg', 'email', 'msg'],
    ['an RTF', b('{\\rtf1\\ansi hello}'), 'letter.rtf', 'word', 'rtf'],
    ['a WAV', wav, 'voice.wav', 'audio', 'wav'],
    ['an MP3 with ID3', b('ID3', [3, 0, 0, 0]), 'talk.mp3', 'audio', 'mp3'],
    ['an MP3 frame', b([0xff, 0xfb, 0x90, 0x00]), 'talk.mp3', 'audio', 'mp3'],
    ['an Ogg', b('OggS', [0, 2]), 'talk.ogg', 'audio', 'ogg'],
    ['an .eml', b('From: a@b.c\r\nTo: d@e.f\r\nSubject: Hi\r\n\r\nBody'), 'mail.eml', 'email', 'eml'],
    ['plain text', b('Agenda\n1. Budget\n'), 'notes.txt', 'text', 'txt'],
    ['a CSV', b('a,b\n1,2\n'), 'data.csv', 'text', 'csv'],
    ['UTF-8 Arabic text', Buffer.from('جدول الأعمال\n', 'utf8'), 'notes.txt', 'text', 'txt'],
  ])('%s', (_, buf, name, kind, ext) => {
    expect(detectKind(buf, name)).toEqual(expect.objectContaining({ kind, extension: ext }));
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'x.pdf'],
    ['a Windows executable renamed .pdf', b('MZ', [0x90, 0, 3, 0]), 'report.pdf'],
    ['an ELF binary renamed .docx', b([0x7f, 0x45, 0x4c, 0x46, 2, 1]), 'minutes.docx'],
    ['a shell script renamed .txt', b('#!/bin/sh\nrm -rf /\n'), 'notes.txt'],
    ['a PNG image', b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'photo.pdf'],
    ['a plain zip archive', b(ZIP, '....readme.md'), 'archive.docx'],
    ['an OLE file with an unknown name', b(OLE, 'rest'), 'thing.bin'],
    ['binary noise', b([0x00, 0x01, 0x02, 0x03, 0xfe]), 'x.txt'],
    ['a text file named .eml without mail headers', b('just words\n'), 'x.eml'],
  ])('%s is refused', (_, buf, name) => {
    expect(detectKind(buf, name)).toBeNull();
  });
});

describe('helpers', () => {
  it.each([
    ['Report.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['noext', ''],
  ])('extensionOf(%s)', (name, ext) => expect(extensionOf(name)).toBe(ext));

  it.each([
    [Buffer.from('hello\tworld\r\n'), true],
    [Buffer.from([0x68, 0x00, 0x69]), false],
    [Buffer.from([0xc3, 0x28]), false],
  ])('looksLikeText %#', (buf, text) => expect(looksLikeText(buf)).toBe(text));
});
