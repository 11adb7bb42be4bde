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

// ---- the editor's content (TipTap / ProseMirror JSON) <-> the document ------------------------------

/** The JSON TipTap gives and takes (ProseMirror's node JSON), as far as a note uses it. */
export interface EditorNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  content?: EditorNode[];
}

const EDITOR_MARKS: Record<string, NoteMark> = { bold: 'bold', italic: 'italic', underline: 'underline' };

function editorSpans(nodes: EditorNode[] | undefined, out: NoteSpan[] = []): NoteSpan[] {
  for (const n of nodes ?? []) {
    if (typeof n.text === 'string') {
      const marks = (n.marks ?? []).map((m) => EDITOR_MARKS[m.type]).filter((m): m is NoteMark => Boolean(m));
      const link = (n.marks ?? []).find((m) => m.type === 'link');
      out.push(span(n.text, marks, safeHref(link?.attrs?.href)));
    } else editorSpans(n.content, out); // anything else inline is read as its words
  }
  return out;
}

/** Reads the editor's JSON into a document: paragraphs, list items (nested ones flattened), marks, http(s) links. */
export function editorToNote(root: EditorNode): NoteDoc {
  const blocks: NoteBlock[] = [];
  const walk = (nodes: EditorNode[] | undefined, type: NoteBlockType) => {
    for (const n of nodes ?? []) {
      if (n.type === 'bulletList' || n.type === 'orderedList') walk(n.content, n.type === 'bulletList' ? 'bullet' : 'ordered');
      else if (n.type === 'listItem') walk(n.content, type);
      else blocks.push({ type, children: editorSpans(n.content ?? (typeof n.text === 'string' ? [n] : [])) });
    }
  };
  walk(root.content, 'paragraph');
  return trimNote({ type: 'doc', version: 2, blocks });
}

const MARK_ORDER: NoteMark[] = ['bold', 'italic', 'underline'];

/** The editor's JSON for a document (what it opens with); never HTML, so a note's words stay words. */
export function noteToEditor(doc: NoteDoc): EditorNode {
  const paragraph = (b: NoteBlock): EditorNode => {
    const content = normaliseSpans(b.children).map((s): EditorNode => {
      const marks: NonNullable<EditorNode['marks']> = MARK_ORDER.filter((m) => s.marks?.includes(m)).map((type) => ({ type }));
      const href = safeHref(s.href);
      if (href) marks.push({ type: 'link', attrs: { href } });
      return marks.length ? { type: 'text', text: s.text, marks } : { type: 'text', text: s.text };
    });
    return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
  };
  const content = groupBlocks(doc.blocks).map((g): EditorNode => {
    if (g.type === 'paragraph') return paragraph(g.items[0]);
    return { type: g.type === 'bullet' ? 'bulletList' : 'orderedList', content: g.items.map((b) => ({ type: 'listItem', content: [paragraph(b)] })) };
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}
