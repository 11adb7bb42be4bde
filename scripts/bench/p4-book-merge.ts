/**
 * P4, board book merge: a 500-page board book (25 generated PDFs of 20 pages, text and tables on every page) merged
 * with the minutes service's own merge code (services/minutes/src/pdf/merge.ts: each file read with pdf-lib, pages
 * copied, bookmarks per file, saved) against `qpdf --empty --pages <files> -- out.pdf` (Debian's qpdf) on the same
 * files in the same run. Both read the inputs from disk and write the output to disk. Runs alternate; medians.
 * Goal: the service's merge at most 2x qpdf. Needs no running system.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { mergeDocuments } from '../../services/minutes/src/pdf/merge';
import type { BenchOptions } from './options';
import type { BenchResult } from './report';
import { accumulate, during } from './cpu';
import { fmt, fmtRatio, median, meets, ratio } from './stats';
import { loadScript } from './system';

const run = promisify(execFile);

/** one input PDF: `pages` A4 pages, each with a heading, paragraphs and a ruled table (so pages carry real content streams) */
async function inputPdf(index: number, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Attachment ${index + 1} - page ${p + 1} of ${pages}`, { x: 50, y: 790, size: 16, font: bold });
    for (let l = 0; l < 12; l++) page.drawText(`Paragraph ${l + 1}: the committee reviewed item ${index}.${p}.${l} and recorded the figures below.`, { x: 50, y: 760 - l * 14, size: 9, font });
    for (let r = 0; r < 20; r++) {
      const y = 570 - r * 22;
      page.drawRectangle({ x: 50, y, width: 495, height: 22, borderColor: rgb(0.7, 0.7, 0.75), borderWidth: 0.5 });
      for (let c = 0; c < 5; c++) page.drawText(c === 0 ? `Row ${r + 1}` : `${((index + 1) * (p + 1) * (r + 3) * (c + 7)) % 100_000}`, { x: 56 + c * 99, y: y + 7, size: 9, font });
    }
  }
  return doc.save();
}

async function ourMerge(files: string[], out: string): Promise<number> {
  const t0 = performance.now();
  const docs = await Promise.all(files.map(async (f) => PDFDocument.load(await fs.readFile(f), { ignoreEncryption: true, updateMetadata: false })));
  let page = 0;
  const outline = docs.map((d, i) => {
    const node = { title: path.basename(files[i]), page };
    page += d.getPageCount();
    return node;
  });
  await fs.writeFile(out, await mergeDocuments('Board book', docs, outline));
  return performance.now() - t0;
}

async function qpdfMerge(qpdf: string, files: string[], out: string): Promise<number> {
  const t0 = performance.now();
  await run(qpdf, ['--empty', '--pages', ...files, '--', out]);
  return performance.now() - t0;
}

export async function runBookMerge(opts: BenchOptions, log: (m: string) => void): Promise<BenchResult> {
  const fileCount = 25;
  const pagesPerFile = 20;
  const reps = opts.quick ? 2 : 5;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-p4-'));
  const failedChecks: string[] = [];
  try {
    // Debian's qpdf (scripts/infra.mjs installs it with apt-get when missing and root)
    const qpdf: string | null = await (await loadScript('scripts/infra.mjs')).ensureQpdf({ log: (m: string) => log(`P4: ${m}`) });
    if (!qpdf) throw new Error('qpdf is not installed (apt-get install qpdf)');
    log(`P4: generating ${fileCount} PDFs of ${pagesPerFile} pages (${fileCount * pagesPerFile} pages)`);
    const files: string[] = [];
    for (let i = 0; i < fileCount; i++) {
      const f = path.join(dir, `attachment-${String(i + 1).padStart(2, '0')}.pdf`);
      await fs.writeFile(f, await inputPdf(i, pagesPerFile));
      files.push(f);
    }
    const inputBytes = (await Promise.all(files.map((f) => fs.stat(f)))).reduce((n, s) => n + s.size, 0);
    // warm-up (not measured): the JIT, the page cache
    await ourMerge(files, path.join(dir, 'warm-ours.pdf'));
    await qpdfMerge(qpdf, files, path.join(dir, 'warm-qpdf.pdf'));
    const ours: number[] = [];
    const theirs: number[] = [];
    // CPU per merge: this process for the service's merge (pdf-lib runs here), the waited-for children for qpdf
    const oursCpu = new Map<string, number>();
    const theirsCpu = new Map<string, number>();
    for (let r = 0; r < reps; r++) {
      const a = await during({}, () => ourMerge(files, path.join(dir, 'ours.pdf')));
      ours.push(a.result);
      accumulate(oursCpu, a.cpu);
      const b = await during({}, () => qpdfMerge(qpdf, files, path.join(dir, 'qpdf.pdf')));
      theirs.push(b.result);
      accumulate(theirsCpu, b.cpu);
      log(`P4: run ${r + 1}/${reps}: service merge ${fmt(ours[r], 'ms')}, qpdf ${fmt(theirs[r], 'ms')}`);
    }
    const cpuOurs = (oursCpu.get('bench') ?? 0) / reps * 1000;
    const cpuQpdf = (theirsCpu.get('bench children') ?? 0) / reps * 1000;
    // both outputs hold every page
    const pagesOurs = (await PDFDocument.load(await fs.readFile(path.join(dir, 'ours.pdf')))).getPageCount();
    const pagesQpdf = (await PDFDocument.load(await fs.readFile(path.join(dir, 'qpdf.pdf')))).getPageCount();
    const expected = fileCount * pagesPerFile;
    if (pagesOurs !== expected || pagesQpdf !== expected) failedChecks.push(`merged page counts ${pagesOurs} (service) and ${pagesQpdf} (qpdf), expected ${expected}`);
    const outBytes = (await fs.stat(path.join(dir, 'ours.pdf'))).size;
    const qpdfBytes = (await fs.stat(path.join(dir, 'qpdf.pdf'))).size;
    const ms = median(ours);
    const base = median(theirs);
    const r = ratio(ms, base);
    return {
      id: 'p4',
      title: 'board book merge (500 pages) vs qpdf',
      rows: [
        { id: 'P4', work: `merge ${fileCount} PDFs, ${expected} pages (pdf-lib, bookmarks)`, figure: fmt(ms, 'ms'), baseline: `qpdf ${fmt(base, 'ms')}`, ratio: fmtRatio(r), goal: '<= 2x', met: meets(r, { le: 2 }) },
        { id: 'P4', work: 'CPU per merge (mean)', figure: fmt(cpuOurs, 'ms'), baseline: `qpdf ${fmt(cpuQpdf, 'ms')}`, ratio: fmtRatio(ratio(cpuOurs, cpuQpdf)), goal: '(reported)', met: null },
      ],
      figures: { files: fileCount, pagesPerFile, pages: expected, reps, serviceMs: ours, qpdfMs: theirs, medianServiceMs: ms, medianQpdfMs: base, ratio: r, cpuMsPerMerge: cpuOurs, qpdfCpuMsPerMerge: cpuQpdf, inputBytes, outputBytes: outBytes, qpdfOutputBytes: qpdfBytes },
      details: [
        `- inputs: ${fileCount} files x ${pagesPerFile} pages, ${(inputBytes / 1_048_576).toFixed(1)} MiB; outputs ${(outBytes / 1_048_576).toFixed(1)} MiB (service), ${(qpdfBytes / 1_048_576).toFixed(1)} MiB (qpdf)`,
        `- CPU per merge: ${fmt(cpuOurs, 'ms')} for the service's merge (this process), ${fmt(cpuQpdf, 'ms')} for qpdf (its process, waited for)`,
        `- service merge runs (ms): ${ours.map((x) => x.toFixed(0)).join(', ')}; qpdf runs (ms): ${theirs.map((x) => x.toFixed(0)).join(', ')}`,
      ],
      failedChecks,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
