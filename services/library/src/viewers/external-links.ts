import JSZip from 'jszip';

/**
 * References an office document makes to content outside itself (a linked image `http://host/x.png` or
 * `file:///usr/share/...`, a linked section, table or OLE object, an attached template, a macro), removed before
 * LibreOffice sees the file, so it neither fetches nor reads anything the uploader points at. Hyperlinks a reader
 * clicks (`text:a`, `draw:a`, OOXML `hyperlink` relationships) are kept: nothing loads them during conversion.
 * Run only on an archive checkZip accepted (its entries' sizes are bounded). Pure: tested in external-links.spec.ts.
 *
 * - OpenDocument (odt, ods, odp): every `xlink:href` whose value leaves the package (a URL scheme, an absolute path,
 *   `..`) on any element but a hyperlink is emptied.
 * - Office Open XML (docx, xlsx, pptx): every relationship with `TargetMode="External"` other than a hyperlink is
 *   dropped from the `.rels` parts, and INCLUDEPICTURE / INCLUDETEXT / LINK / DDE fields lose their instruction.
 */

/** a reference that stays inside the package: a relative path without `..` and without a scheme */
export function isInsidePackage(href: string): boolean {
  const v = href.trim();
  if (v === '' || v.startsWith('#')) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v) || v.startsWith('/') || v.startsWith('\\')) return false;
  return !v.split(/[\\/]/).includes('..');
}

/** character and the five predefined entity references decoded, as the XML parser will */
const decodeEntities = (s: string) =>
  s.replace(/&([^;\s&]+);/gi, (_m, e: string) => {
    const k = e.toLowerCase();
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : k.startsWith('#') ? parseInt(k.slice(1), 10) : NaN;
    if (k.startsWith('#')) return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : 'entity:';
    // an entity of the document's own (it has no DTD, see declaresDtd): kept as a scheme, so it counts as outside
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[k] ?? 'entity:';
  });

/** an element's attributes, as XML defines them (`name="value"` or `name='value'`, values without `<`) */
const TAG = /<([A-Za-z_][\w.-]*(?::[\w.-]+)?)((?:\s+[A-Za-z_][\w.-]*(?::[\w.-]+)?\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)(\s*\/?)>/g;
const ATTR = /(\s+)([A-Za-z_][\w.-]*(?::[\w.-]+)?)(\s*=\s*)("[^"<]*"|'[^'<]*')/g;

/**
 * ODF XML with every outside `href` (whatever its prefix: the namespace prefix is the document's choice) of an
 * element other than a hyperlink (local name `a`) emptied; the count of those emptied
 */
export function stripOdfXml(xml: string): { xml: string; removed: number } {
  let removed = 0;
  const out = xml.replace(TAG, (tag: string, name: string, attrs: string, close: string) => {
    if (!attrs || name.replace(/^.*:/, '') === 'a') return tag;
    const cleaned = attrs.replace(ATTR, (a: string, space: string, attr: string, eq: string, quoted: string) => {
      if (attr.replace(/^.*:/, '') !== 'href' || isInsidePackage(decodeEntities(quoted.slice(1, -1)))) return a;
      removed++;
      return `${space}${attr}${eq}${quoted[0]}${quoted[0]}`;
    });
    return `<${name}${cleaned}${close}>`;
  });
  return { xml: out, removed };
}

/** a DTD (internal entities could spell a URL the checks above never see; external ones read files): refused */
export const declaresDtd = (xml: string): boolean => /<!DOCTYPE|<!ENTITY/i.test(xml);

/** OOXML relationships without the external ones that load something (hyperlinks stay) */
export function stripOoxmlRels(xml: string): { xml: string; removed: number } {
  let removed = 0;
  const out = xml.replace(/<(?:[\w.-]+:)?Relationship\b(?:\s+[\w.:-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*\s*(?:\/>|>\s*<\/(?:[\w.-]+:)?Relationship\s*>)/g, (rel: string) => {
    const quoted = /\sTarget\s*=\s*("[^"<]*"|'[^'<]*')/.exec(rel)?.[1] ?? '""';
    const target = quoted.slice(1, -1);
    const external = /\sTargetMode\s*=\s*["']External["']/i.test(rel) || /^[a-z][a-z0-9+.-]*:/i.test(decodeEntities(target).trim()) || target.trim().startsWith('\\\\');
    if (!external) return rel;
    if (/\sType\s*=\s*["'][^"']*\/hyperlink["']/i.test(rel)) return rel;
    removed++;
    return '';
  });
  return { xml: out, removed };
}

const LOADING_FIELD = /^\s*(INCLUDEPICTURE|INCLUDETEXT|LINK|DDE|DDEAUTO|IMPORT)\b/i;

/** OOXML body parts without the instructions of fields that load outside content */
export function stripOoxmlFields(xml: string): { xml: string; removed: number } {
  let removed = 0;
  let out = xml.replace(/(<w:instrText\b[^>]*>)([^<]*)(<\/w:instrText>)/g, (m: string, open: string, text: string, close: string) => {
    if (!LOADING_FIELD.test(decodeEntities(text))) return m;
    removed++;
    return `${open}${close}`;
  });
  out = out.replace(/(<w:fldSimple\b[^>]*?\sw:instr\s*=\s*)(["'])(.*?)\2/g, (m: string, pre: string, q: string, instr: string) => {
    if (!LOADING_FIELD.test(decodeEntities(instr))) return m;
    removed++;
    return `${pre}${q}${q}`;
  });
  return { xml: out, removed };
}

const ODF = new Set(['odt', 'ods', 'odp', 'odg']);
const OOXML = new Set(['docx', 'xlsx', 'pptx']);

export class DocumentRefused extends Error {}

/**
 * The document without its outside references (unchanged bytes when it had none or is not a zip format); throws
 * DocumentRefused when one of its XML parts declares a DTD.
 */
export async function stripExternalLinks(bytes: Buffer, extension: string): Promise<{ bytes: Buffer; removed: number }> {
  const odf = ODF.has(extension);
  if (!odf && !OOXML.has(extension)) return { bytes, removed: 0 };
  const zip = await JSZip.loadAsync(bytes);
  let removed = 0;
  for (const f of Object.values(zip.files)) {
    if (f.dir) continue;
    const name = f.name;
    let fix: ((s: string) => { xml: string; removed: number }) | null = null;
    if (odf && name.endsWith('.xml') && !name.startsWith('META-INF/')) fix = stripOdfXml;
    else if (!odf && name.endsWith('.rels')) fix = stripOoxmlRels;
    else if (!odf && /^word\/.*\.xml$/.test(name)) fix = stripOoxmlFields;
    if (!fix && !name.endsWith('.xml')) continue;
    const text = await f.async('string');
    if (declaresDtd(text)) throw new DocumentRefused(`${name} declares a DTD`);
    if (!fix) continue;
    const r = fix(text);
    if (r.removed) {
      removed += r.removed;
      zip.file(name, r.xml);
    }
  }
  if (!removed) return { bytes, removed };
  // ODF wants its `mimetype` entry first and stored: JSZip keeps the order of the entries it read
  const mimetype = zip.file('mimetype');
  if (mimetype) zip.file('mimetype', await mimetype.async('nodebuffer'), { compression: 'STORE' });
  const out = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { bytes: out, removed };
}
