import { Inject, Injectable } from '@nestjs/common';
import { AppError, LIBRARY_MAX_BYTES, LibraryErrors, type Actor, type EmailView, type SheetJson } from '@app/contracts';
import { CONFIG, Storage } from '@app/platform';
import { DownloadPolicies } from '../common/download-policies';
import { ItemAccess } from '../common/item-access';
import { LibraryDb } from '../common/library-db';
import { zipLimitsOf, type LibraryConfig } from '../config';
import type { ItemRow } from '../repositories/library.repository';
import { checkZip } from './archive';
import { parseEml, parseMsg } from '../common/email';
import { readWorkbook } from './sheets';

/** The spreadsheet viewer's JSON and the e-mail viewer's safe HTML, read from the file's current version in S3. */
@Injectable()
export class ViewersService {
  constructor(
    private readonly db: LibraryDb,
    private readonly items: ItemAccess,
    private readonly policies: DownloadPolicies,
    private readonly storage: Storage,
    @Inject(CONFIG) private readonly config: LibraryConfig,
  ) {}

  /** the item and its current file's URL (view access checked): null unless the reader may download it */
  private async openFile(c: { orgId: string; actor: Actor; itemId: number }): Promise<{ item: ItemRow; url: string | null }> {
    const { item, policy } = await this.db.tenant(c.orgId, async (s) => {
      const { item } = await this.items.need(s, c, c.itemId, 'view', { folder: false });
      return { item, policy: (await this.policies.ofMany(s, c, [item])).get(item.id) };
    });
    return { item, url: policy === 'download' ? await this.items.url(item.s3Key) : null };
  }

  async excelToJson(c: { orgId: string; actor: Actor; itemId: number; rows: number; columns: number }): Promise<SheetJson> {
    const { item, url } = await this.openFile(c);
    if (item.kind !== 'excel' || item.extension !== 'xlsx') throw new AppError(LibraryErrors.LIBRARY_NOT_A_SPREADSHEET);
    const buf = await this.storage.getBuffer(item.s3Key!, LIBRARY_MAX_BYTES);
    // judged by its central directory before exceljs inflates it whole: a decompression bomb is 413, never inflated
    const verdict = checkZip(buf, zipLimitsOf(this.config));
    if (!verdict.ok && verdict.reason === 'too-large') throw new AppError('PAYLOAD_TOO_LARGE', { details: { reason: verdict.detail } });
    if (!verdict.ok) throw new AppError(LibraryErrors.LIBRARY_NOT_A_SPREADSHEET);
    const sheets = await readWorkbook(buf, c.rows, c.columns).catch(() => {
      // exceljs could not read it: a damaged workbook is not a spreadsheet the viewer can show
      throw new AppError(LibraryErrors.LIBRARY_NOT_A_SPREADSHEET);
    });
    return { id: item.id, name: item.name, size: item.size, file_url: url, rows: c.rows, columns: c.columns, sheets };
  }

  async email(c: { orgId: string; actor: Actor; itemId: number }): Promise<EmailView> {
    const { item } = await this.openFile(c);
    if (item.kind !== 'email') throw new AppError(LibraryErrors.LIBRARY_NOT_AN_EMAIL);
    const buf = await this.storage.getBuffer(item.s3Key!, LIBRARY_MAX_BYTES);
    const parsed = await Promise.resolve()
      .then(() => (item.extension === 'msg' ? parseMsg(buf) : parseEml(buf)))
      .catch(() => {
        // the parser refused it: not a message the viewer can show
        throw new AppError(LibraryErrors.LIBRARY_NOT_AN_EMAIL);
      });
    return { id: item.id, name: item.name, ...parsed };
  }
}
