import { domToNote, isNoteEmpty, noteToDom, noteToText, parseNote, safeHref, serializeNote, type NoteBlock, type NoteDoc } from './note-doc';

const doc = (...blocks: NoteBlock[]): NoteDoc => ({ type: 'doc', version: 2, blocks });
const p = (...children: NoteBlock['children']): NoteBlock => ({ type: 'paragraph', children });

/** Builds an editor's content for a test (the product never parses HTML: noteToDom uses DOM calls). */
function editor(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el;
}

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

  it.each<[string, string, NoteDoc]>([
    ['loose text', 'Hello', doc(p({ text: 'Hello' }))],
    ['paragraphs and browser divs', '<p>One</p><div>Two</div>', doc(p({ text: 'One' }), p({ text: 'Two' }))],
    ['an empty line between lines', '<div>One</div><div><br></div><div>Two</div>', doc(p({ text: 'One' }), p(), p({ text: 'Two' }))],
    ['a line break inside a paragraph', '<p>One<br>Two</p>', doc(p({ text: 'One' }), p({ text: 'Two' }))],
    ['marks, also nested and b/i', '<p><strong>a<em>b</em></strong><b>c</b><i>d</i><u>e</u></p>', doc(p({ text: 'a', marks: ['bold'] }, { text: 'b', marks: ['bold', 'italic'] }, { text: 'c', marks: ['bold'] }, { text: 'd', marks: ['italic'] }, { text: 'e', marks: ['underline'] }))],
    ['lists', '<ul><li>a</li><li><b>b</b></li></ul><ol><li>c</li></ol>', doc({ type: 'bullet', children: [{ text: 'a' }] }, { type: 'bullet', children: [{ text: 'b', marks: ['bold'] }] }, { type: 'ordered', children: [{ text: 'c' }] })],
    ['a safe link', '<p><a href="https://example.com/x">site</a></p>', doc(p({ text: 'site', href: 'https://example.com/x' }))],
    ['an unsafe link keeps its words only', '<p><a href="javascript:alert(1)">click</a></p>', doc(p({ text: 'click' }))],
    ['unknown tags keep their words, scripts and styles nothing', '<p><span style="color:red">red</span><script>alert(1)</script><img src=x onerror="alert(1)"></p>', doc(p({ text: 'red' }))],
    ['the zero-width caret place is dropped', '<p>a<strong>\u200B</strong></p>', doc(p({ text: 'a' }))],
    ['empty lines at both ends are dropped', '<div><br></div><p>x</p><div><br></div>', doc(p({ text: 'x' }))],
  ])('the editor showing %s reads as the document', (_name, html, expected) => expect(domToNote(editor(html))).toEqual(expected));

  it.each<[string, NoteDoc]>([
    ['plain paragraphs', doc(p({ text: 'One' }), p({ text: 'Two' }))],
    ['marks and a link', doc(p({ text: 'x', marks: ['bold', 'italic', 'underline'], href: 'https://example.com/' }, { text: ' y' }))],
    ['lists after a paragraph', doc(p({ text: 'Intro' }), { type: 'bullet', children: [{ text: 'a' }] }, { type: 'bullet', children: [{ text: 'b' }] }, { type: 'ordered', children: [{ text: 'c' }] })],
    ['an empty line in the middle', doc(p({ text: 'a' }), p(), p({ text: 'b' }))],
  ])('what the editor shows reads back to the same document: %s', (_name, d) => {
    const el = document.createElement('div');
    el.appendChild(noteToDom(d, document));
    expect(domToNote(el)).toEqual(d);
  });

  it('the editor never receives markup from a note: text that looks like HTML stays text', () => {
    const el = document.createElement('div');
    el.appendChild(noteToDom(parseNote('<img src=x onerror="alert(1)">'), document));
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toBe('<img src=x onerror="alert(1)">');
  });

  it('noteToText gives one block a line', () => {
    expect(noteToText(doc(p({ text: 'a', marks: ['bold'] }, { text: 'b' }), { type: 'bullet', children: [{ text: 'c' }] }))).toBe('ab\nc');
  });
});
