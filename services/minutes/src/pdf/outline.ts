import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef } from 'pdf-lib';

/** A bookmark: its title, the page it opens (0-based) and its children. */
export interface OutlineNode {
  title: string;
  page: number;
  children?: OutlineNode[];
}

/**
 * Writes the document's outline (PDF bookmarks) with pdf-lib's low-level objects: an /Outlines dictionary whose
 * items link /First, /Last, /Prev, /Next and /Parent, each opening its page (/Fit). Sections start closed
 * (negative /Count), so a reader shows the sections first.
 */
export function writeOutline(doc: PDFDocument, nodes: OutlineNode[]): void {
  if (!nodes.length) return;
  const ctx = doc.context;
  const pages = doc.getPages();
  const rootRef = ctx.nextRef();
  const build = (list: OutlineNode[], parent: PDFRef): { first: PDFRef; last: PDFRef } => {
    const refs = list.map(() => ctx.nextRef());
    list.forEach((n, i) => {
      const dict = ctx.obj({});
      dict.set(PDFName.of('Title'), PDFHexString.fromText(n.title));
      dict.set(PDFName.of('Parent'), parent);
      dict.set(PDFName.of('Dest'), ctx.obj([pages[Math.min(n.page, pages.length - 1)].ref, PDFName.of('Fit')]));
      if (i > 0) dict.set(PDFName.of('Prev'), refs[i - 1]);
      if (i < refs.length - 1) dict.set(PDFName.of('Next'), refs[i + 1]);
      if (n.children?.length) {
        const c = build(n.children, refs[i]);
        dict.set(PDFName.of('First'), c.first);
        dict.set(PDFName.of('Last'), c.last);
        dict.set(PDFName.of('Count'), PDFNumber.of(-n.children.length));
      }
      ctx.assign(refs[i], dict);
    });
    return { first: refs[0], last: refs[refs.length - 1] };
  };
  const top = build(nodes, rootRef);
  const root = ctx.obj({});
  root.set(PDFName.of('Type'), PDFName.of('Outlines'));
  root.set(PDFName.of('First'), top.first);
  root.set(PDFName.of('Last'), top.last);
  root.set(PDFName.of('Count'), PDFNumber.of(nodes.length));
  ctx.assign(rootRef, root);
  doc.catalog.set(PDFName.of('Outlines'), rootRef);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** The outline's titles as a tree (for tests and checks): [title, page, children]. */
export function readOutline(doc: PDFDocument): { title: string; page: number; children: ReturnType<typeof readOutline> }[] {
  const pageIndex = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i]));
  const root = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const walk = (first: unknown): ReturnType<typeof readOutline> => {
    const out: ReturnType<typeof readOutline> = [];
    let ref = first instanceof PDFRef ? first : undefined;
    while (ref) {
      const d = doc.context.lookup(ref, PDFDict);
      const title = (d.lookup(PDFName.of('Title')) as PDFHexString).decodeText();
      const dest = d.lookup(PDFName.of('Dest'), PDFArray);
      const pageRef = dest.get(0);
      out.push({ title, page: pageIndex.get(pageRef.toString()) ?? -1, children: walk(d.get(PDFName.of('First'))) });
      const next = d.get(PDFName.of('Next'));
      ref = next instanceof PDFRef ? next : undefined;
    }
    return out;
  };
  return root ? walk(root.get(PDFName.of('First'))) : [];
}
