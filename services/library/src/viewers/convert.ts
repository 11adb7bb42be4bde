import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sandbox } from '@app/platform';
import { checkZip, isZip, type ZipLimits } from './archive';
import { DocumentRefused, stripExternalLinks } from './external-links';

export interface ConvertOptions {
  soffice: string;
  timeoutMs: number;
  /** LibreOffice's address space (RLIMIT_AS) */
  memoryBytes: number;
  /** the largest PDF kept; also the largest file LibreOffice may write (RLIMIT_FSIZE, at least 64 MiB) */
  maxPdfBytes: number;
  /** bounds of an OOXML / ODF archive before LibreOffice gets it */
  zip: ZipLimits;
}

/** why a document is not converted, whatever the number of attempts */
export class ConversionRefused extends Error {
  constructor(
    readonly reason: 'too-large' | 'damaged',
    message: string,
  ) {
    super(message);
    this.name = 'ConversionRefused';
  }
}

/** what LibreOffice reads besides /usr/bin and /usr/lib: fonts, its own share files, time zones. Not the rest of /usr/share. */
const SOFFICE_READS = ['/usr/share/fonts', '/usr/share/fontconfig', '/usr/share/libreoffice', '/usr/share/zoneinfo', '/etc/fonts', '/etc/libreoffice'] as const;

/**
 * The throw-away profile's settings: no macros, links never updated, linked content from untrusted referers blocked.
 * Defence in depth: the sandbox has no network and shows no file of interest, and the outside references of
 * ODF / OOXML documents are removed before (external-links.ts).
 */
const PROFILE = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
</oor:items>
`;

/**
 * An office file to PDF with LibreOffice headless, in the sandbox (libs/platform/src/process/sandbox.ts): no
 * network, an environment built from nothing, only the input's own directory writable, a throw-away profile, CPU /
 * memory / file-size limits, the whole sandbox killed after `timeoutMs`. An OOXML / ODF archive is judged by its
 * central directory first (a decompression bomb is refused, never inflated: ConversionRefused `too-large`) and
 * loses its outside references (linked images, sections, OLE links, templates) before LibreOffice sees it. A PDF
 * over `maxPdfBytes` is refused before it is read. Rejects when soffice fails, times out or writes no PDF.
 */
export async function officeToPdf(sandbox: Sandbox, bytes: Buffer, extension: string, o: ConvertOptions): Promise<Buffer> {
  const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
  let input = bytes;
  if (isZip(bytes)) {
    const verdict = checkZip(bytes, o.zip);
    if (!verdict.ok) throw new ConversionRefused(verdict.reason === 'too-large' ? 'too-large' : 'damaged', verdict.detail);
    try {
      input = (await stripExternalLinks(bytes, ext)).bytes;
    } catch (e) {
      if (e instanceof DocumentRefused) throw new ConversionRefused('damaged', e.message);
      throw new ConversionRefused('damaged', `the archive could not be read: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'library-convert-'));
  try {
    const file = path.join(dir, `input.${ext}`);
    await writeFile(file, input);
    await mkdir(path.join(dir, 'profile', 'user'), { recursive: true });
    await mkdir(path.join(dir, 'tmp'));
    await mkdir(path.join(dir, 'out'));
    await writeFile(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), PROFILE);
    await sandbox.run(
      o.soffice,
      [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--norestore', '--nolockcheck', '--nodefault', '--convert-to', 'pdf', '--outdir', path.join(dir, 'out'), file],
      {
        workDir: dir,
        timeoutMs: o.timeoutMs,
        // any file it writes (its profile, temporary files, the PDF) stays under the PDF bound, or 64 MiB when that is less
        limits: { cpuSeconds: Math.ceil(o.timeoutMs / 1000), memoryBytes: o.memoryBytes, fileBytes: Math.max(o.maxPdfBytes, 64 * 1024 * 1024) },
        readOnly: SOFFICE_READS,
        // LibreOffice's temporary files go to the work directory (disk), not the sandbox's small /tmp (memory)
        env: { TMPDIR: path.join(dir, 'tmp'), SAL_USE_VCLPLUGIN: 'svp' },
        maxOutputBytes: 256 * 1024,
      },
    );
    const pdf = path.join(dir, 'out', 'input.pdf');
    const size = (await stat(pdf)).size;
    if (size > o.maxPdfBytes) throw new ConversionRefused('too-large', `the PDF has ${size} bytes (at most ${o.maxPdfBytes})`);
    return await readFile(pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
