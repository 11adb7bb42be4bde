import { AppError, detectKind, LibraryErrors, LibraryMessages, type DetectedKind } from '@app/contracts';

/**
 * What the library accepts of an uploaded file (docs/library.md#uploads): not empty, one of the accepted kinds
 * by its content (a renamed executable is refused with 415), a PDF when the picker asks for PDF only.
 */
export function acceptFile(file: { buffer: Buffer; size: number; originalname: string }, pdfOnly: boolean): DetectedKind {
  if (!file.size || !file.buffer.length) throw AppError.validation({ file: LibraryMessages.fileEmpty });
  const kind = detectKind(file.buffer, file.originalname);
  if (pdfOnly && kind?.kind !== 'pdf') throw new AppError(LibraryErrors.LIBRARY_PDF_ONLY, { fields: { file: [LibraryMessages.pdfOnly] } });
  if (!kind) throw new AppError(LibraryErrors.LIBRARY_FILE_TYPE, { fields: { file: [LibraryMessages.fileType] } });
  return kind;
}

/** multer hands the name as latin1 bytes; browsers send UTF-8 */
export function fileName(originalname: string): string {
  const utf8 = Buffer.from(originalname, 'latin1').toString('utf8');
  const name = (utf8.includes('\uFFFD') ? originalname : utf8).replace(/[\\/]/g, '_').replace(/[^\P{Cc}]/gu, '_').trim();
  return (name || 'file').slice(0, 191);
}
