import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MsgReader from '@kenjiuno/msgreader';
import ExcelJS from 'exceljs';
import { simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { SandboxError, type Sandbox } from '@app/platform';
import { checkZip, type ZipLimits } from './archive';
import { cellValue } from './sheets';

/** the bounds of one extraction (config EXTRACT_*, PDFTOTEXT_PATH) */
export interface ExtractOptions {
  pdftotext: string;
  timeoutMs: number;
  maxPages: number;
  /** UTF-8 bytes of text kept of one version; what pdftotext may write is bounded by twice that */
  maxBytes: number;
}

/** the raw text of each page (cleaned and bounded by rules/text boundPages); `cut` when the source said more */
export interface RawPages {
  pages: string[];
  cut: boolean;
}

/** a file whose text cannot be read, whatever the number of attempts (damaged, a decompression bomb) */
export class TextRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TextRefused';
  }
}

/** what poppler reads besides /usr/bin and /usr/lib: its CMaps (CJK and other encodings), fonts' configuration */
const POPPLER_READS = ['/usr/share/poppler', '/usr/share/fontconfig', '/etc/fonts'] as const;

/**
 * The text of a PDF, page by page, with poppler's pdftotext in the sandbox (libs/platform Sandbox: no network, an
 * environment built from nothing, CPU / memory limits, killed at `timeoutMs`). It writes to a file in its own work
 * directory whose size the sandbox bounds (RLIMIT_FSIZE, twice `maxBytes`): a file with more text is cut there, not
 * read whole; the first `maxPages` pages only. Pages are split at pdftotext's form feeds.
 */
export async function pdfPages(sandbox: Sandbox, pdf: Buffer, o: ExtractOptions): Promise<RawPages> {
  const dir = await mkdtemp(path.join(tmpdir(), 'library-text-'));
  const fileBytes = o.maxBytes * 2 + 64 * 1024;
  try {
    const input = path.join(dir, 'input.pdf');
    const out = path.join(dir, 'out.txt');
    await writeFile(input, pdf);
    let cut = false;
    try {
      await sandbox.run(o.pdftotext, ['-q', '-enc', 'UTF-8', '-l', String(o.maxPages), input, out], {
        workDir: dir,
        timeoutMs: o.timeoutMs,
        limits: { cpuSeconds: Math.ceil(o.timeoutMs / 1000), memoryBytes: 1024 * 1024 * 1024, fileBytes },
        readOnly: POPPLER_READS,
        maxOutputBytes: 64 * 1024,
      });
    } catch (e) {
      // the text file reached its bound: what was written is the beginning of the text, the rest is not read
      const written = await stat(out).then((s) => s.size, () => 0);
      if (!(e instanceof SandboxError && e.reason === 'limit' && written >= fileBytes)) throw e;
      cut = true;
    }
    const text = (await readFile(out)).toString('utf8').replace(/\uFFFD+$/, '');
    const pages = text.split('\f');
    // pdftotext ends every page with a form feed: the last piece is what follows the last page
    if (!cut && pages.length > 1 && !pages[pages.length - 1].trim()) pages.pop();
    return { pages, cut };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** an HTML body's text: every tag dropped (scripts and styles with their content), entities decoded */
export function htmlText(html: string): string {
  const bare = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/tr|\/li|\/h\d)\b[^>]*>/gi, '$& '), { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'head', 'title'] });
  return bare.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' ';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** an e-mail's text (one page): its subject, then its text part, or its HTML part without the tags when it has no text part */
export async function emailPages(buf: Buffer, extension: string | null): Promise<RawPages> {
  if (extension === 'msg') {
    const d = new MsgReader(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer).getFileData();
    const html = d.bodyHtml ?? (d.html ? new TextDecoder().decode(d.html) : '');
    return { pages: [[d.subject ?? '', d.body?.trim() ? d.body : htmlText(html)].join('\n')], cut: false };
  }
  const m = await simpleParser(buf, { skipImageLinks: true, skipHtmlToText: true, skipTextToHtml: true });
  const html = typeof m.html === 'string' ? m.html : '';
  return { pages: [[m.subject ?? '', m.text?.trim() ? m.text : htmlText(html)].join('\n')], cut: false };
}

/**
 * An .xlsx workbook's cells as text, one page per sheet (formulas by their result, as the viewer shows them). The
 * archive is judged by its central directory first (a decompression bomb is refused, never inflated); reading stops
 * once `maxBytes` characters are gathered.
 */
export async function sheetPages(buf: Buffer, zip: ZipLimits, maxBytes: number): Promise<RawPages> {
  const verdict = checkZip(buf, zip);
  if (!verdict.ok) throw new TextRefused(`the workbook cannot be read: ${verdict.detail}`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer).catch((e: unknown) => {
    throw new TextRefused(`the workbook cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  });
  const pages: string[] = [];
  let size = 0;
  let cut = false;
  for (const ws of wb.worksheets) {
    const lines: string[] = [ws.name];
    ws.eachRow({ includeEmpty: false }, (row) => {
      if (size > maxBytes) {
        cut = true;
        return;
      }
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell) => {
        const v = cellValue(cell.value);
        if (v !== null && v !== '') cells.push(String(v));
      });
      const line = cells.join(' ');
      size += line.length + 1;
      lines.push(line);
    });
    pages.push(lines.join('\n'));
  }
  return { pages, cut };
}

/** a text file (CSV included) as one page, its first bytes only: twice `maxBytes` is more than is ever kept */
export function textPages(buf: Buffer, maxBytes: number): RawPages {
  const cut = buf.length > maxBytes * 2;
  return { pages: [buf.subarray(0, maxBytes * 2).toString('utf8').replace(/\uFFFD+$/, '')], cut };
}
