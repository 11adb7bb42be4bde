/**
 * What kind of file a library item is (from its mime type, the name's extension as a fallback), the icon of
 * its chip and the viewer that opens it (docs/library-web.md#viewers).
 */
import { parseLang } from '@app/contracts';
import { ROUTES } from '../../routes';

export type FileKind = 'folder' | 'pdf' | 'text' | 'word' | 'excel' | 'powerpoint' | 'audio' | 'email' | 'other';

const BY_EXT: Record<string, FileKind> = {
  pdf: 'pdf',
  txt: 'text',
  csv: 'text',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ods: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  odp: 'powerpoint',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  aac: 'audio',
  eml: 'email',
  msg: 'email',
};

export function extensionOf(name: string): string {
  const m = /\.([a-z0-9]+)$/i.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

export function fileKind(type: string | null | undefined, name = ''): FileKind {
  const t = (type ?? '').toLowerCase();
  if (t === 'folder' || t === 'dir') return 'folder';
  if (t === 'application/pdf') return 'pdf';
  if (t.startsWith('audio/')) return 'audio';
  if (t === 'message/rfc822' || t === 'application/vnd.ms-outlook') return 'email';
  if (t.includes('spreadsheet') || t.includes('excel')) return 'excel';
  if (t.includes('presentation') || t.includes('powerpoint')) return 'powerpoint';
  if (t.includes('wordprocessing') || t === 'application/msword' || t.includes('opendocument.text') || t === 'application/rtf') return 'word';
  if (t.startsWith('text/')) return BY_EXT[extensionOf(name)] ?? 'text';
  return BY_EXT[extensionOf(name)] ?? 'other';
}

export const KIND_ICON: Record<FileKind, string> = {
  folder: 'pi pi-folder',
  pdf: 'pi pi-file-pdf',
  text: 'pi pi-file',
  word: 'pi pi-file-word',
  excel: 'pi pi-file-excel',
  powerpoint: 'pi pi-desktop',
  audio: 'pi pi-volume-up',
  email: 'pi pi-envelope',
  other: 'pi pi-file',
};

/** The uploader's extensions (pdf, text, word, excel, powerpoint, audio, e-mail); PDF-only mode takes pdf alone. */
export const UPLOAD_EXTENSIONS = Object.keys(BY_EXT);
export function acceptAttribute(pdfOnly: boolean): string {
  return pdfOnly ? '.pdf,application/pdf' : UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
}
export function isAcceptedName(name: string, pdfOnly: boolean): boolean {
  const ext = extensionOf(name);
  return pdfOnly ? ext === 'pdf' : UPLOAD_EXTENSIONS.includes(ext);
}

/** the size units of each language (French shows the English texts); Arabic keeps Latin digits, as its dates do */
const SIZE_UNITS: Record<'en' | 'ar' | 'ru', { units: readonly string[]; decimal: string }> = {
  en: { units: ['B', 'KB', 'MB', 'GB', 'TB'], decimal: '.' },
  ru: { units: ['Б', 'КБ', 'МБ', 'ГБ', 'ТБ'], decimal: ',' },
  ar: { units: ['بايت', 'ك.ب', 'م.ب', 'ج.ب', 'ت.ب'], decimal: '.' },
};

/** Sizes as the file list shows them: bytes, KB, MB, GB with one decimal, in the interface's language. */
export function formatSize(bytes: number | null | undefined, lang = 'en'): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  const code = parseLang(lang);
  const { units, decimal } = SIZE_UNITS[code === 'ar' || code === 'ru' ? code : 'en'];
  if (bytes < 1024) return `${bytes} ${units[0]}`;
  let v = bytes / 1024;
  let i = 1;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(1).replace('.', decimal)} ${units[i]}`;
}

/**
 * Where a file opens: PDFs in the PDF viewer (editable with e=1 when the caller may edit), spreadsheets in
 * the sheet viewer, office files and e-mails in the viewer of /viewer/{meetingId}/{fileId} (meeting 0 outside
 * a meeting), audio in the same viewer's player. Folders open in the library itself (null).
 */
export function viewerPath(kind: FileKind, id: number | string, opts: { meetingId?: number | string | null; edit?: boolean; name?: string } = {}): string | null {
  const meeting = opts.meetingId ?? null;
  switch (kind) {
    case 'folder':
      return null;
    case 'pdf': {
      const q = new URLSearchParams({ id: String(id) });
      if (opts.name) q.set('doc', opts.name);
      if (opts.edit) q.set('e', '1');
      if (meeting !== null) q.set('meeting_id', String(meeting));
      return `${ROUTES.docView}?${q.toString()}`;
    }
    case 'excel':
      return meeting !== null ? `/sheets/${encodeURIComponent(String(id))}/${encodeURIComponent(String(meeting))}` : `/sheets/${encodeURIComponent(String(id))}`;
    default:
      return `/viewer/${encodeURIComponent(String(meeting ?? 0))}/${encodeURIComponent(String(id))}`;
  }
}
