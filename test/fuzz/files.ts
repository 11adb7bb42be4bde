import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FILES_TOTAL_MAX_BYTES, IMAGE_MAX_BYTES, ROUTE_TABLE, type RouteDef, type RouteUpload } from '@app/contracts';
import { PNG_BYTES, formBody, type FormPart } from './derive';

/**
 * The files of the valid-extremes phase (docs/how-to-fuzz.md "Valid extremes"): the largest file each upload route
 * takes, sent with fields it accepts, must be taken (2xx). Sizes come from the route table (`upload.maxBytes`, else the
 * image limit; several files up to the total of a route that takes several), so a limit changed there is what is sent.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of a PNG chunk (its type and data) */
export function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** PNG chunk: length, type, data, CRC */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid PNG of exactly `bytes` bytes: the 1×1 PNG with a private ancillary chunk ('fuZz', which a decoder skips)
 * before its IEND, its CRC right.
 */
export function pngOfSize(bytes: number): Buffer {
  const iend = PNG_BYTES.length - 12;
  const padding = bytes - PNG_BYTES.length - 12;
  if (padding < 0) throw new Error(`a PNG cannot be ${bytes} bytes`);
  return Buffer.concat([PNG_BYTES.subarray(0, iend), chunk('fuZz', Buffer.alloc(padding, 0x20)), PNG_BYTES.subarray(iend)]);
}

/**
 * A valid one-page PDF of exactly `bytes` bytes: the page's text, and an unreferenced stream object of spaces that
 * makes up the size (a reader skips it). Built twice or three times: the first build measures what is not padding.
 */
export async function pdfOfSize(bytes: number): Promise<Buffer> {
  const build = async (padding: number): Promise<Buffer> => {
    const doc = await PDFDocument.create();
    // fixed dates: the same bytes for the same padding, so the second build lands on the size
    doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
    doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([595, 842]).drawText('The largest file an upload takes', { x: 50, y: 780, size: 18, font });
    doc.context.register(doc.context.stream(new Uint8Array(padding).fill(0x20)));
    return Buffer.from(await doc.save({ useObjectStreams: false }));
  };
  let padding = Math.max(0, bytes - 4096);
  for (let i = 0; i < 4; i++) {
    const pdf = await build(padding);
    if (pdf.length === bytes) return pdf;
    padding += bytes - pdf.length;
    if (padding < 0) break;
  }
  throw new Error(`a PDF of ${bytes} bytes could not be built`);
}

/** the largest file of an upload (each file of a route that takes several), and how many of them it takes together */
export function largestFiles(upload: RouteUpload): { bytes: number; count: number } {
  if (upload.kind === 'none') return { bytes: 0, count: 0 };
  const bytes = upload.maxBytes ?? IMAGE_MAX_BYTES;
  if (upload.kind === 'single') return { bytes, count: 1 };
  return { bytes, count: Math.max(1, Math.min(upload.fields[0].maxCount, Math.floor(FILES_TOTAL_MAX_BYTES / bytes))) };
}

/** What a case needs of the organization it runs in. */
export interface UploadContext {
  admin: { userId: number; email: string };
  /** a member the administrator edits (with their role) */
  member: { userId: number; email: string; roleId: number };
  committeeId: number;
  /** the library file the first library case made (the later ones save versions of it) */
  libraryId?: number;
}

/** One upload at its largest: the route (by method and path), its fields, and its files' kind. */
export interface UploadCase {
  method: string;
  path: string;
  /** path parameters and form fields, from the organization */
  params?: (c: UploadContext) => Record<string, string>;
  fields: (c: UploadContext) => Record<string, string>;
  file: 'image' | 'pdf';
  /** the case keeps what it made (the library file id) for the later ones */
  keep?: (data: unknown, c: UploadContext) => void;
}

/** the image routes (avatars, logos, news photos) and the library's (a new file, its versions) and the seal check */
export const UPLOAD_CASES: UploadCase[] = [
  { method: 'PUT', path: '/api/profile', fields: (c) => ({ name: 'Largest Avatar', email: c.admin.email, phone: '100000000' }), file: 'image' },
  {
    method: 'POST', path: '/api/users/:id/update', params: (c) => ({ id: String(c.member.userId) }), file: 'image',
    fields: (c) => ({ name: 'Largest Avatar', email: c.member.email, phone: '100000001', role_id: String(c.member.roleId), team: 'Board' }),
  },
  { method: 'POST', path: '/api/information', fields: () => ({ company_name: 'Largest Logo', website: 'https://largest.test', location: 'Here', time_zone: 'UTC' }), file: 'image' },
  { method: 'POST', path: '/api/news', fields: (c) => ({ title: 'Largest photos', url: 'https://largest.test/news', description: 'Every photo at its limit', committee_id: String(c.committeeId) }), file: 'image' },
  {
    method: 'POST', path: '/api/library', fields: () => ({}), file: 'pdf',
    keep: (data, c) => {
      c.libraryId = (data as { id: number }).id;
    },
  },
  { method: 'POST', path: '/api/library/update/:id', params: (c) => ({ id: String(c.libraryId) }), fields: () => ({}), file: 'pdf' },
  { method: 'POST', path: '/api/library/edited_file', fields: (c) => ({ library_id: String(c.libraryId) }), file: 'pdf' },
  { method: 'POST', path: '/api/approvals/verify', fields: () => ({}), file: 'pdf' },
];

export function routeOf(c: UploadCase): RouteDef {
  const found = ROUTE_TABLE.find(({ route }) => route.method === c.method && route.path === c.path);
  if (!found) throw new Error(`${c.method} ${c.path} is not a route of the table`);
  return found.route;
}

/** the multipart request of a case: its fields and its route's largest files */
export async function uploadRequest(c: UploadCase, ctx: UploadContext, files: { image: (bytes: number) => Buffer; pdf: (bytes: number) => Promise<Buffer> }): Promise<{ method: string; url: string; body: Buffer; contentType: string; label: string }> {
  const route = routeOf(c);
  const upload = route.upload;
  if (!upload || upload.kind === 'none') throw new Error(`${c.method} ${c.path} takes no file`);
  const { bytes, count } = largestFiles(upload);
  const field = upload.kind === 'single' ? upload.field : upload.fields[0].name;
  const data = c.file === 'image' ? files.image(bytes) : await files.pdf(bytes);
  const parts: FormPart[] = [
    ...Object.entries(c.fields(ctx)).map(([name, value]) => ({ name, value })),
    ...Array.from({ length: count }, (_, i) => ({ name: field, value: data, filename: c.file === 'image' ? `largest-${i + 1}.png` : 'largest.pdf', type: c.file === 'image' ? 'image/png' : 'application/pdf' })),
  ];
  const params = c.params?.(ctx) ?? {};
  const url = c.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, n: string) => encodeURIComponent(params[n] ?? '1'));
  const boundary = 'largestUploadBoundary7MA4YWxk';
  return { method: c.method, url, body: formBody(parts, boundary), contentType: `multipart/form-data; boundary=${boundary}`, label: `${count} × ${bytes} bytes (${c.file})` };
}
