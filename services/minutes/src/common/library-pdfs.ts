import { Injectable } from '@nestjs/common';
import { PDFDocument } from 'pdf-lib';
import { FetchFile, SYSTEM_ACTOR } from '@app/contracts';
import { Bus, logger } from '@app/platform';

/**
 * A library file's PDF as the system reads it (a PDF, or the PDF the library made from an office file): its
 * bytes come from S3 through the short-lived URL `library.v1.fetch` answers, never over NATS. Null when the file
 * has no PDF or pdf-lib cannot read it.
 */
@Injectable()
export class LibraryPdfs {
  constructor(private readonly bus: Bus) {}

  async load(orgId: string, libraryId: number, meetingId?: number): Promise<PDFDocument | null> {
    const f = await this.bus.request(FetchFile, { orgId, actor: SYSTEM_ACTOR, itemId: libraryId, meetingId });
    if (!f.file_url) return null;
    const res = await fetch(f.file_url);
    if (!res.ok) throw new Error(`library file ${libraryId}: HTTP ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    try {
      return await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    } catch (err) {
      logger().warn({ err, libraryId }, 'a library file is not a readable PDF: left out');
      return null;
    }
  }
}
