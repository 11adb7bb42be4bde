import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * An office file to PDF with LibreOffice headless, in a private temporary directory (its own user profile, so
 * conversions never share LibreOffice state). Rejects when soffice fails, times out or writes no PDF.
 */
export async function officeToPdf(bytes: Buffer, extension: string, opts: { soffice: string; timeoutMs: number }): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'library-convert-'));
  try {
    const input = path.join(dir, `input.${extension.replace(/[^a-z0-9]/gi, '') || 'bin'}`);
    await writeFile(input, bytes);
    await new Promise<void>((resolve, reject) => {
      execFile(
        opts.soffice,
        [`-env:UserInstallation=file://${path.join(dir, 'profile')}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, input],
        { timeout: opts.timeoutMs, killSignal: 'SIGKILL' },
        (err) => (err ? reject(err) : resolve()),
      );
    });
    return await readFile(path.join(dir, 'input.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
