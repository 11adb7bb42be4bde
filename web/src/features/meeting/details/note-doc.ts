/**
 * The private note as a document (pure; no React). Stored on the server as a JSON string:
 *   { type: 'doc', version: 2, blocks: [{ type: 'paragraph' | 'bullet' | 'ordered', children: [{ text, marks?, href? }] }] }
 * Older notes read without loss: plain text is one paragraph, and the first JSON format
 * ({ type: 'doc', blocks: [{ type: 'paragraph', text }] }) reads as plain paragraphs.
 * Links keep only http and https addresses; everything else in a note is text.
 */
export type NoteMark = 'bold' | 'italic' | 'underline';
export const NOTE_MARKS: readonly NoteMark[] = ['bold', 'italic', 'underline'];
export type NoteBlockType = 'paragraph' | 'bullet' | 'ordered';

export interface NoteSpan {
  text: string;
  marks?: NoteMark[];
  href?: string;
}
export interface NoteBlock {
  type: NoteBlockType;
  children: NoteSpan[];
}
export interface NoteDoc {
  type: 'doc';
  version: 2;
  blocks: NoteBlock[];
}

const ZERO_WIDTH = /\u200B/g;

export const emptyNote = (): NoteDoc => ({ type: 'doc', version: 2, blocks: [] });

/** An http(s) address as written, or null for anything else (javascript:, data:, relative, malformed). */
export function safeHref(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null; // malformed address: refused, the caller shows the link message
  }
}

function cleanMarks(raw: unknown): NoteMark[] {
  if (!Array.isArray(raw)) return [];
  return NOTE_MARKS.filter((m) => raw.includes(m));
}

function cleanSpan(raw: unknown): NoteSpan | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.text !== 'string') return null;
  return span(r.text, cleanMarks(r.marks), safeHref(r.href));
}

function span(text: string, marks: NoteMark[], href: string | null): NoteSpan {
  const s: NoteSpan = { text };
  if (marks.length) s.marks = NOTE_MARKS.filter((m) => marks.includes(m));
  if (href) s.href = href;
  return s;
}

const sameFormat = (a: NoteSpan, b: NoteSpan) => (a.marks ?? []).join() === (b.marks ?? []).join() && a.href === b.href;

/** Joins neighbours with the same marks and link, drops empty spans. */
export function normaliseSpans(spans: NoteSpan[]): NoteSpan[] {
  const out: NoteSpan[] = [];
  for (const s of spans) {
    const text = s.text.replace(ZERO_WIDTH, '');
    if (!text) continue;
    const last = out[out.length - 1];
    if (last && sameFormat(last, s)) last.text += text;
    else out.push({ ...s, text });
  }
  return out;
}

/** Reads a stored note (JSON of either format, or older plain text). */
export function parseNote(note: string | null | undefined): NoteDoc {
  if (!note) return emptyNote();
  let v: unknown;
  try {
    v = JSON.parse(note);
  } catch {
    v = undefined; // not JSON: an older plain-text note, read below as one paragraph
  }
  if (v && typeof v === 'object' && !Array.isArray(v) && Array.isArray((v as { blocks?: unknown }).blocks)) {
    const blocks: NoteBlock[] = [];
    for (const b of (v as { blocks: unknown[] }).blocks) {
      if (!b || typeof b !== 'object') continue;
      const raw = b as Record<string, unknown>;
      const type: NoteBlockType = raw.type === 'bullet' || raw.type === 'ordered' ? raw.type : 'paragraph';
      if (Array.isArray(raw.children)) {
        blocks.push({ type, children: normaliseSpans(raw.children.map(cleanSpan).filter((s): s is NoteSpan => s !== null)) });
      } else if (typeof raw.text === 'string') {
        blocks.push({ type, children: normaliseSpans([{ text: raw.text }]) }); // the first format: { type: 'paragraph', text }
      }
    }
    return { type: 'doc', version: 2, blocks };
  }
  return { type: 'doc', version: 2, blocks: [{ type: 'paragraph', children: [{ text: note }] }] };
}

export function serializeNote(doc: NoteDoc): string {
  return JSON.stringify({ type: 'doc', version: 2, blocks: doc.blocks.map((b) => ({ type: b.type, children: normaliseSpans(b.children) })) });
}

/** The note's words without formatting, one block a line. */
export function noteToText(doc: NoteDoc): string {
  return doc.blocks.map((b) => b.children.map((s) => s.text).join('')).join('\n');
}

/** Only whitespace (or nothing) is an empty note: the note-required message. */
export function isNoteEmpty(doc: NoteDoc): boolean {
  return noteToText(doc).replace(ZERO_WIDTH, '').trim() === '';
}

/** Drops empty blocks at the start and the end (what an editor leaves behind). */
export function trimNote(doc: NoteDoc): NoteDoc {
  const blocks = doc.blocks.map((b) => ({ type: b.type, children: normaliseSpans(b.children) }));
  const blank = (b: NoteBlock) => b.children.every((s) => !s.text.trim());
  while (blocks.length && blank(blocks[0])) blocks.shift();
  while (blocks.length && blank(blocks[blocks.length - 1])) blocks.pop();
  return { type: 'doc', version: 2, blocks };
}

/** Consecutive list items of one kind form one list when shown. */
export function groupBlocks(blocks: NoteBlock[]): Array<{ type: NoteBlockType; items: NoteBlock[] }> {
  const groups: Array<{ type: NoteBlockType; items: NoteBlock[] }> = [];
  for (const b of blocks) {
    const last = groups[groups.length - 1];
    if (b.type !== 'paragraph' && last && last.type === b.type) last.items.push(b);
    else groups.push({ type: b.type, items: [b] });
  }
  return groups;
}

// ---- the editor's DOM <-> the document -------------------------------------------------------

const MARK_TAGS: Record<string, NoteMark> = { B: 'bold', STRONG: 'bold', I: 'italic', EM: 'italic', U: 'underline' };
export const MARK_TAG: Record<NoteMark, string> = { bold: 'strong', italic: 'em', underline: 'u' };
const BLOCK_TAGS = new Set(['P', 'DIV', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE']);

/** Reads what the editor shows into a document. Only the known tags count; anything else is read as its text. */
export function domToNote(root: Node): NoteDoc {
  const blocks: NoteBlock[] = [];
  let current: NoteBlock | null = null;
  const open = (type: NoteBlockType) => {
    current = { type, children: [] };
    blocks.push(current);
    return current;
  };
  const inline = (node: Node, marks: NoteMark[], href: string | null) => {
    if (node.nodeType === 3) {
      (current ?? open('paragraph')).children.push(span(node.textContent ?? '', marks, href));
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    if (tag === 'BR') {
      if (!el.nextSibling) return; // the closing line break of a block (what browsers leave in an empty line)
      const block = current ?? open('paragraph');
      open(block.type === 'paragraph' ? 'paragraph' : block.type);
      return;
    }
    if (tag === 'SCRIPT' || tag === 'STYLE') return;
    if (BLOCK_TAGS.has(tag)) return walkBlock(el, marks, href);
    const mark = MARK_TAGS[tag];
    const nextMarks = mark && !marks.includes(mark) ? [...marks, mark] : marks;
    const nextHref = tag === 'A' ? safeHref(el.getAttribute('href')) : href;
    el.childNodes.forEach((c) => inline(c, nextMarks, nextHref));
  };
  const walkBlock = (el: Element, marks: NoteMark[], href: string | null) => {
    const tag = el.tagName.toUpperCase();
    if (tag === 'UL' || tag === 'OL') {
      el.childNodes.forEach((c) => {
        if (c.nodeType === 1 && (c as Element).tagName.toUpperCase() === 'LI') {
          open(tag === 'UL' ? 'bullet' : 'ordered');
          c.childNodes.forEach((n) => inline(n, marks, href));
          current = null;
        } else if (c.nodeType !== 3 || (c.textContent ?? '').trim()) inline(c, marks, href);
      });
      current = null;
      return;
    }
    open(tag === 'LI' ? 'bullet' : 'paragraph');
    el.childNodes.forEach((n) => inline(n, marks, href));
    current = null;
  };
  root.childNodes.forEach((n) => inline(n, [], null));
  // a line break at the very end of a block leaves an empty block behind it: drop those, keep blank lines between
  const cleaned = blocks.map((b) => ({ type: b.type, children: normaliseSpans(b.children) }));
  return trimNote({ type: 'doc', version: 2, blocks: cleaned });
}

/** Builds what the editor shows from a document, with DOM calls only (no HTML string is ever parsed). */
export function noteToDom(doc: NoteDoc, d: Document): DocumentFragment {
  const frag = d.createDocumentFragment();
  for (const g of groupBlocks(doc.blocks)) {
    const list = g.type === 'paragraph' ? null : d.createElement(g.type === 'bullet' ? 'ul' : 'ol');
    for (const b of g.items) {
      const block = d.createElement(list ? 'li' : 'p');
      if (b.children.length === 0) block.appendChild(d.createElement('br'));
      for (const s of b.children) {
        let node: Node = d.createTextNode(s.text);
        for (const m of [...(s.marks ?? [])].reverse()) {
          const el = d.createElement(MARK_TAG[m]);
          el.appendChild(node);
          node = el;
        }
        const href = safeHref(s.href);
        if (href) {
          const a = d.createElement('a');
          a.setAttribute('href', href);
          a.appendChild(node);
          node = a;
        }
        block.appendChild(node);
      }
      (list ?? frag).appendChild(block);
    }
    if (list) frag.appendChild(list);
  }
  return frag;
}
