import { z } from 'zod';
import { defineJob } from '../core/define';
import { zOrgId } from '../core/common';

/**
 * Slide and thumbnail images of one version of a presented PDF (pdftoppm), stored in S3 under the organization's
 * prefix. `source` is the PDF's S3 key (keys travel in messages, never bytes); `version` names the version.
 */
export const RenderSlides = defineJob({
  queue: 'presentation-slides',
  name: 'render-slides',
  owner: 'presentation',
  payload: z.object({ orgId: zOrgId, documentId: z.number().int().positive(), version: z.string().min(8).max(64), source: z.string().min(1).max(1024) }),
  attempts: 2,
  backoffMs: 5000,
});
