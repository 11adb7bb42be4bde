import { registerErrors, codesOf, type ErrorSpec } from '../core/errors';

/**
 * Error codes of the library service. Upload refusals are 409s the upload toast shows with the file's name
 * (docs/product/library.md); a content that is none of the accepted kinds is 415.
 */
export const LIBRARY_ERRORS = {
  LIBRARY_FOLDER_RESTRICTED: { status: 409, message: 'You cannot upload a new file in this folder' },
  LIBRARY_PDF_ONLY: { status: 409, message: 'you Must Choose pdf only' },
  LIBRARY_FILE_TYPE: { status: 415, message: 'The file must be a file of type: pdf, text, word, excel, powerpoint, audio, email.' },
  LIBRARY_NO_PERMISSION: { status: 409, message: 'You do not have permission to open this item.' },
  LIBRARY_NOT_A_SPREADSHEET: { status: 409, message: 'This file is not a spreadsheet.' },
  LIBRARY_NOT_AN_EMAIL: { status: 409, message: 'This file is not an e-mail.' },
  LIBRARY_FOLDER_NOT_EMPTY: { status: 409, message: 'The folder is not empty.' },
  LIBRARY_MOVE_INTO_ITSELF: { status: 409, message: 'A folder cannot be moved into itself.' },
  /** a watermarked download of a file that is no PDF and has no PDF rendering, or a PDF pdf-lib cannot rewrite (encrypted) */
  LIBRARY_NOT_WATERMARKABLE: { status: 409, message: 'This file cannot be downloaded with a watermark.' },
  LIBRARY_NOT_EXPORTABLE: { status: 409, message: 'This file cannot be exported with its annotations.' },
} as const satisfies Record<string, ErrorSpec>;
registerErrors('library', LIBRARY_ERRORS);
declare module '../core/errors' {
  interface ErrorTables {
    library: typeof LIBRARY_ERRORS;
  }
}

export const LibraryErrors = codesOf(LIBRARY_ERRORS);

/** Field and success messages of the library (English keys; translations in library.messages.ts). */
export const LibraryMessages = {
  pdfOnly: 'you Must Choose pdf only',
  choosePdf: 'Choose only pdf',
  restricted: 'You cannot upload a new file in this folder',
  fileType: 'The file must be a file of type: pdf, text, word, excel, powerpoint, audio, email.',
  fileEmpty: 'The file must not be empty.',
  fileRequired: 'The file field is required.',
  nameRequired: 'The name field is required.',
  uploaded: 'File uploaded successfully',
  deleted: 'File deleted successfully',
  folderCreated: 'Folder created successfully',
  folderDeleted: 'Folder deleted successfully',
  renamed: 'Renamed successfully',
  moved: 'Moved successfully',
  shared: 'Shared successfully',
  unshared: 'Sharing removed',
  favorited: 'Favorites updated',
  saved: 'File saved successfully',
  annotationSaved: 'Annotation saved',
  annotationDeleted: 'Annotation deleted',
  converting: 'The file is being prepared for viewing. Please try again in a moment.',
  conversionFailed: 'The file could not be converted for viewing.',
  noFileUrl: 'The file is not available.',
  unknownUser: 'The selected user is invalid.',
  presentedWithoutMeeting: 'A presented drawing is saved with its meeting (meeting_id).',
  shareExpiryPast: 'A share must end in the future.',
  unknownFolder: 'The selected folder is invalid.',
  attachmentPdfOnly: 'Choose only pdf',
  attachmentInvalid: 'The selected file is invalid.',
} as const;
