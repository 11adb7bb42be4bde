import { z } from 'zod';
import { zId } from '../core/common';
import { req } from '../core/validation';
import { MinutesMessages } from './minutes.errors';
import { zMinutesItemType } from './minutes.schemas';

/** Bodies the browser sends (JSON or multipart form fields: numbers and flags may come as strings). */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const zFlag = z.preprocess(blank, req.bool01().optional());

/**
 * A conclusion's comments: a JSON array of strings (a form field carries it as text), or the array itself.
 * Anything else (a number, an object, an array holding something other than strings) is refused.
 */
const zComments = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, z.array(z.string({ error: MinutesMessages.commentFormat }).max(5000), { error: MinutesMessages.commentFormat }).max(200));

export const zConclusionEntryBody = z.object({
  type: zMinutesItemType,
  id: zId,
  conclusion: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().max(20_000)),
  active: z.preprocess(blank, req.bool01().default(true)),
  comment: zComments,
});
export type ConclusionEntryBody = z.output<typeof zConclusionEntryBody>;

/** the languages the minutes PDF can be written in (the owner's choice, issue 27): the product's languages */
export const MINUTES_LANGS = ['en', 'ar', 'fr', 'ru'] as const;
export const zMinutesLang = z.enum(MINUTES_LANGS, { error: MinutesMessages.langInvalid });
export type MinutesLang = z.output<typeof zMinutesLang>;

/**
 * POST /api/meetings/{id}/mom_conclusion: id, conclusions[n][type|id|conclusion|active|comment], isConclusion; done
 * finishes a version, in mom_lang when the owner chose one (else the caller's interface language)
 */
export const zMomConclusionBody = z.object({
  id: zId.optional(),
  isConclusion: zFlag,
  done: zFlag,
  mom_lang: z.preprocess(blank, zMinutesLang.optional()),
  conclusions: z.preprocess((v) => (v === undefined || v === '' ? [] : v), z.array(zConclusionEntryBody).max(2000)),
});
export type MomConclusionBody = z.output<typeof zMomConclusionBody>;

/** POST /api/meetings/{id}/mom: the meeting's minutes setting; without mom_settings it is toggled */
export const zMomSettingBody = z.object({ id: zId.optional(), mom_settings: zFlag });
export type MomSettingBody = z.output<typeof zMomSettingBody>;

/** POST /api/meetings/{id}/upload_mom {id, library_id}: a library PDF becomes the next version */
export const zUploadMomBody = z.object({ id: zId.optional(), library_id: zId });
export type UploadMomBody = z.output<typeof zUploadMomBody>;

export const zMomDownloadQuery = z.object({ version: zId.optional() });
