import { memoryStorage } from 'multer';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** multer options for image and sheet uploads: in memory, size-limited (413 'File too large'). */
export const uploadOptions = { storage: memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES, files: 20 } };
