import { memoryStorage } from 'multer';
import { IMAGE_MAX_BYTES } from '@app/contracts';

/** multer options for image and sheet uploads: in memory, size-limited (413 'File too large'). */
export const uploadOptions = { storage: memoryStorage(), limits: { fileSize: IMAGE_MAX_BYTES, files: 20 } };
