import { z } from 'zod';

/**
 * The kinds of file the library accepts, decided by the content's first bytes (magic bytes), with the name's
 * extension only telling apart formats that share a container (a ZIP is a .docx, .xlsx or .pptx; an OLE2
 * compound file is a .doc, .xls, .ppt or .msg). A renamed executable is none of them.
 */
export const LIBRARY_KINDS = ['pdf', 'text', 'word', 'excel', 'powerpoint', 'audio', 'email'] as const;
export const zFileKind = z.enum(LIBRARY_KINDS);
export type FileKind = z.output<typeof zFileKind>;

/** Office kinds are converted to PDF for viewing; e-mails are shown as sanitized HTML. */
export const CONVERTIBLE_KINDS: readonly FileKind[] = ['word', 'excel', 'powerpoint'];

export interface DetectedKind {
  kind: FileKind;
  mime: string;
  extension: string;
}

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
};

const TEXT_EXTENSIONS = new Set(['txt', 'csv', 'md', 'log', 'json', 'xml', 'tsv']);

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

function starts(buf: Uint8Array, bytes: number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  return bytes.every((b, i) => buf[at + i] === b);
}
function ascii(buf: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < Math.min(to, buf.length); i++) s += String.fromCharCode(buf[i]);
  return s;
}
function latin1(buf: Uint8Array, max = 1 << 20): string {
  return ascii(buf, 0, Math.min(buf.length, max));
}

/** UTF-8 text without NUL or control bytes (tab, CR, LF and form feed allowed) in its first 64 KiB. */
export function looksLikeText(buf: Uint8Array): boolean {
  const n = Math.min(buf.length, 64 * 1024);
  for (let i = 0; i < n; i++) {
    const c = buf[i];
    if (c === 0) return false;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, n - (n < buf.length ? 4 : 0)));
    return true;
  } catch {
    // not valid UTF-8: not text
    return false;
  }
}

const EMAIL_HEADER = /^(?:(?:Return-Path|Received|From|To|Cc|Subject|Date|Message-ID|MIME-Version|Content-Type|X-[\w-]+|Delivered-To|Reply-To):)/im;

function found(kind: FileKind, extension: string): DetectedKind {
  return { kind, extension, mime: MIME[extension] ?? 'application/octet-stream' };
}

/**
 * The accepted kind of a file from its bytes (and, for shared containers, its name); null when the content is
 * not one of the accepted kinds (an executable, an image, an archive, an empty file).
 */
export function detectKind(buf: Uint8Array, name: string): DetectedKind | null {
  if (buf.length === 0) return null;
  const ext = extensionOf(name);
  // refused outright whatever the name says: Windows/ELF/Mach-O executables, scripts with a shebang
  if (starts(buf, [0x4d, 0x5a]) || starts(buf, [0x7f, 0x45, 0x4c, 0x46]) || starts(buf, [0xcf, 0xfa, 0xed, 0xfe]) || starts(buf, [0xfe, 0xed, 0xfa, 0xcf]) || starts(buf, [0x23, 0x21])) return null;
  if (starts(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return found('pdf', 'pdf');
  // ZIP container: Office Open XML or OpenDocument, told apart by the entry names (stored in clear in the local headers)
  if (starts(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const head = latin1(buf);
    if (head.includes('word/')) return found('word', 'docx');
    if (head.includes('xl/')) return found('excel', 'xlsx');
    if (head.includes('ppt/')) return found('powerpoint', 'pptx');
    if (head.includes('application/vnd.oasis.opendocument.text')) return found('word', 'odt');
    if (head.includes('application/vnd.oasis.opendocument.spreadsheet')) return found('excel', 'ods');
    if (head.includes('application/vnd.oasis.opendocument.presentation')) return found('powerpoint', 'odp');
    return null;
  }
  // OLE2 compound file: legacy Office or an Outlook message; only the extension tells them apart
  if (starts(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const byExt: Record<string, FileKind> = { doc: 'word', xls: 'excel', ppt: 'powerpoint', msg: 'email' };
    return byExt[ext] ? found(byExt[ext], ext) : null;
  }
  if (starts(buf, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return found('word', 'rtf');
  // audio
  if (starts(buf, [0x52, 0x49, 0x46, 0x46]) && ascii(buf, 8, 12) === 'WAVE') return found('audio', 'wav');
  if (starts(buf, [0x49, 0x44, 0x33]) || (buf.length > 1 && buf[0] === 0xff && (buf[1] & 0xe0) === 0xe0)) return found('audio', 'mp3');
  if (starts(buf, [0x4f, 0x67, 0x67, 0x53])) return found('audio', 'ogg');
  if (starts(buf, [0x66, 0x4c, 0x61, 0x43])) return found('audio', 'flac');
  if (ascii(buf, 4, 8) === 'ftyp' && /^(M4A |M4B |mp42|isom)/.test(ascii(buf, 8, 12)) && ['m4a', 'mp4', 'aac'].includes(ext)) return found('audio', 'm4a');
  // text: e-mail (.eml with mail headers) or plain text
  if (looksLikeText(buf)) {
    if (ext === 'eml' || (ext !== 'txt' && EMAIL_HEADER.test(latin1(buf, 4096)) && /^(From|Subject|Date):/im.test(latin1(buf, 8192)))) {
      return EMAIL_HEADER.test(latin1(buf, 4096)) ? found('email', 'eml') : null;
    }
    return found('text', TEXT_EXTENSIONS.has(ext) ? ext : 'txt');
  }
  return null;
}

/** The kind of an item as the web shows its icon: a folder, or one of the accepted kinds. */
export const zItemKind = z.enum(['folder', ...LIBRARY_KINDS]);
export type ItemKind = z.output<typeof zItemKind>;
