import { editorToNote, isNoteEmpty, noteToEditor, noteToText, parseNote, safeHref, serializeNote, type EditorNode, type NoteBlock, type NoteDoc } from './note-doc';

const doc = (...blocks: NoteBlock[]): NoteDoc => ({ type: 'doc', version: 2, blocks });
const p = (...children: NoteBlock['children']): NoteBlock => ({ type: 'paragraph', children });

const text = (t: string, ...marks: NonNullable<EditorNode['marks']>): EditorNode => (marks.length ? { type: 'text', text: t, marks } : { type: 'text', text: t });
const para = (...content: EditorNode[]): EditorNode => (content.length ? { type: 'paragraph', content } : { type: 'paragraph' });
const list = (type: 'bulletList' | 'orderedList', ...items: EditorNode[][]): EditorNode => ({ type, content: items.map((c) => ({ type: 'listItem', content: c })) });
const editorDoc = (...content: EditorNode[]): EditorNode => ({ type: 'doc', content });

describe('the note document', () => {
  it.each<[string, string | null | undefined, NoteDoc]>([
    ['nothing', null, doc()],
    ['an empty string', '', doc()],
    ['older plain text: one paragraph', 'Call the auditor', doc(p({ text: 'Call the auditor' }))],
    ['older plain text with lines: still one paragraph', 'a\nb', doc(p({ text: 'a\nb' }))],
    ['JSON that is not a document: plain text', '[1,2]', doc(p({ text: '[1,2]' }))],
    ['a number in JSON: plain text', '42', doc(p({ text: '42' }))],
    ['the first JSON format (paragraphs of text)', JSON.stringify({ type: 'doc', blocks: [{ type: 'paragraph', text: 'First' }, { type: 'paragraph', text: 'Second' }] }), doc(p({ text: 'First' }), p({ text: 'Second' }))],
    [
      'the rich format with marks, lists and a link',
      JSON.stringify({
        type: 'doc',
        version: 2,
        blocks: [
          { type: 'paragraph', children: [{ text: 'Ask ' }, { text: 'now', marks: ['underline', 'bold'] }] },
          { type: 'bullet', children: [{ text: 'budget', href: 'https://example.com/b' }] },
          { type: 'ordered', children: [{ text: 'one', marks: ['italic'] }] },
        ],
      }),
      doc(p({ text: 'Ask ' }, { text: 'now', marks: ['bold', 'underline'] }), { type: 'bullet', children: [{ text: 'budget', href: 'https://example.com/b' }] }, { type: 'ordered', children: [{ text: 'one', marks: ['italic'] }] }),
    ],
    [
      'unknown marks, block types and unsafe links are dropped, the words kept',
      JSON.stringify({ type: 'doc', blocks: [{ type: 'script', children: [{ text: 'x', marks: ['blink', 'bold'], href: 'javascript:alert(1)' }, { notText: 1 }] }] }),
      doc(p({ text: 'x', marks: ['bold'] })),
    ],
  ])('parse %s', (_name, stored, expected) => expect(parseNote(stored)).toEqual(expected));

  it.each<[string, NoteDoc]>([
    ['paragraphs', doc(p({ text: 'One' }), p({ text: 'Two' }))],
    ['marks and links', doc(p({ text: 'bold', marks: ['bold'] }, { text: ' and ' }, { text: 'site', marks: ['italic'], href: 'https://example.com/' }))],
    ['lists', doc({ type: 'bullet', children: [{ text: 'a' }] }, { type: 'bullet', children: [{ text: 'b' }] }, { type: 'ordered', children: [{ text: 'c' }] })],
    ['Arabic text', doc(p({ text: 'ملاحظة ', marks: ['bold'] }, { text: 'خاصة' }))],
  ])('serialize then parse keeps %s', (_name, d) => expect(parseNote(serializeNote(d))).toEqual(d));

  it('serialize joins neighbours with the same format and drops empty pieces', () => {
    expect(JSON.parse(serializeNote(doc(p({ text: 'a', marks: ['bold'] }, { text: 'b', marks: ['bold'] }, { text: '' }))))).toEqual({ type: 'doc', version: 2, blocks: [{ type: 'paragraph', children: [{ text: 'ab', marks: ['bold'] }] }] });
  });

  it.each<[string, boolean, NoteDoc]>([
    ['no blocks', true, doc()],
    ['empty paragraphs', true, doc(p(), p({ text: '' }))],
    ['whitespace only', true, doc(p({ text: '   ' }), { type: 'bullet', children: [{ text: '\n\t', marks: ['bold'] }] })],
    ['zero-width spaces left by the editor', true, doc(p({ text: '\u200B ' }))],
    ['a word', false, doc(p({ text: ' ' }), p({ text: 'x' }))],
    ['a word in a list', false, doc({ type: 'ordered', children: [{ text: 'x' }] })],
  ])('empty: %s -> %s', (_name, empty, d) => expect(isNoteEmpty(d)).toBe(empty));

  it.each<[string, string | null]>([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=1', 'http://example.com/a?b=1'],
    ['  HTTPS://Example.com/x  ', 'https://example.com/x'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)', null],
    ['data:text/html,<b>x</b>', null],
    ['vbscript:msgbox', null],
    ['//example.com', null],
    ['/relative', null],
    ['example.com', null],
    ['https://', null],
    ['', null],
  ])('link %j -> %j', (raw, href) => expect(safeHref(raw)).toBe(href));

  it.each<[string, EditorNode, NoteDoc]>([
    ['an empty editor', editorDoc(para()), doc()],
    ['paragraphs and an empty line between them', editorDoc(para(text('One')), para(), para(text('Two'))), doc(p({ text: 'One' }), p(), p({ text: 'Two' }))],
    [
      'marks, also together',
      editorDoc(para(text('a', { type: 'bold' }), text('b', { type: 'bold' }, { type: 'italic' }), text('e', { type: 'underline' }))),
      doc(p({ text: 'a', marks: ['bold'] }, { text: 'b', marks: ['bold', 'italic'] }, { text: 'e', marks: ['underline'] })),
    ],
    [
      'lists, a list item of two paragraphs and a nested list (flattened)',
      editorDoc(list('bulletList', [para(text('a'))], [para(text('b')), para(text('c'))]), list('orderedList', [para(text('d')), list('bulletList', [para(text('e'))])])),
      doc({ type: 'bullet', children: [{ text: 'a' }] }, { type: 'bullet', children: [{ text: 'b' }] }, { type: 'bullet', children: [{ text: 'c' }] }, { type: 'ordered', children: [{ text: 'd' }] }, { type: 'bullet', children: [{ text: 'e' }] }),
    ],
    ['a safe link', editorDoc(para(text('site', { type: 'link', attrs: { href: 'https://example.com/x', target: '_blank' } }))), doc(p({ text: 'site', href: 'https://example.com/x' }))],
    ['an unsafe link keeps its words only', editorDoc(para(text('click', { type: 'link', attrs: { href: 'javascript:alert(1)' } }))), doc(p({ text: 'click' }))],
    ['unknown marks and nodes keep their words', editorDoc(para(text('red', { type: 'strike' })), { type: 'heading', content: [text('Title')] }), doc(p({ text: 'red' }), p({ text: 'Title' }))],
    ['empty paragraphs at both ends are dropped (the trailing one the editor adds)', editorDoc(para(), para(text('x')), para()), doc(p({ text: 'x' }))],
  ])('the editor holding %s reads as the document', (_name, json, expected) => expect(editorToNote(json)).toEqual(expected));

  it.each<[string, NoteDoc]>([
    ['plain paragraphs', doc(p({ text: 'One' }), p({ text: 'Two' }))],
    ['marks and a link', doc(p({ text: 'x', marks: ['bold', 'italic', 'underline'], href: 'https://example.com/' }, { text: ' y' }))],
    ['lists after a paragraph', doc(p({ text: 'Intro' }), { type: 'bullet', children: [{ text: 'a' }] }, { type: 'bullet', children: [{ text: 'b' }] }, { type: 'ordered', children: [{ text: 'c' }] })],
    ['an empty line in the middle', doc(p({ text: 'a' }), p(), p({ text: 'b' }))],
    ['Arabic text', doc(p({ text: 'ملاحظة ', marks: ['bold'] }, { text: 'خاصة' }))],
  ])('what the editor opens with reads back to the same document: %s', (_name, d) => expect(editorToNote(noteToEditor(d))).toEqual(d));

  it('the editor opens an empty note with one empty paragraph, and lists grouped as the card shows them', () => {
    expect(noteToEditor(doc())).toEqual(editorDoc(para()));
    expect(noteToEditor(doc({ type: 'bullet', children: [{ text: 'a' }] }, { type: 'bullet', children: [{ text: 'b', marks: ['bold'] }] }))).toEqual(
      editorDoc(list('bulletList', [para(text('a'))], [para(text('b', { type: 'bold' }))])),
    );
  });

  it('the editor never receives markup from a note: text that looks like HTML stays text, unsafe links are dropped', () => {
    const stored = JSON.stringify({ type: 'doc', version: 2, blocks: [{ type: 'paragraph', children: [{ text: '<img src=x onerror="alert(1)">', href: 'javascript:alert(1)' }] }] });
    expect(noteToEditor(parseNote(stored))).toEqual(editorDoc(para(text('<img src=x onerror="alert(1)">'))));
  });

  it('noteToText gives one block a line', () => {
    expect(noteToText(doc(p({ text: 'a', marks: ['bold'] }, { text: 'b' }), { type: 'bullet', children: [{ text: 'c' }] }))).toBe('ab\nc');
  });
});
