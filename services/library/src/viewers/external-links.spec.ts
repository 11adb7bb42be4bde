import JSZip from 'jszip';
import { declaresDtd, DocumentRefused, isInsidePackage, stripExternalLinks, stripOdfXml, stripOoxmlFields, stripOoxmlRels } from './external-links';

describe('isInsidePackage', () => {
  it.each([
    ['Pictures/1000.png', true],
    ['./Object 1', true],
    ['#Sheet1.A1', true],
    ['', true],
    ['http://127.0.0.1:3000/x.png', false],
    ['HTTPS://example.com/x.png', false],
    ['file:///usr/share/icons/x.png', false],
    ['vnd.sun.star.script:Standard.Module1.Main?language=Basic', false],
    ['/etc/passwd', false],
    ['../../x.png', false],
    ['Pictures/../../../x.png', false],
    ['\\\\server\\share\\x.png', false],
  ])('%s -> %s', (href, inside) => {
    expect(isInsidePackage(href)).toBe(inside);
  });
});

describe('stripOdfXml', () => {
  const cases: [string, string, string, number][] = [
    ['a linked image over HTTP', '<draw:image xlink:href="http://127.0.0.1:9/x.png" xlink:type="simple"/>', '<draw:image xlink:href="" xlink:type="simple"/>', 1],
    ['a linked image on the disk', '<draw:image xlink:href="file:///usr/share/x.png"/>', '<draw:image xlink:href=""/>', 1],
    ['an embedded image stays', '<draw:image xlink:href="Pictures/1.png"/>', '<draw:image xlink:href="Pictures/1.png"/>', 0],
    ['a hyperlink stays', '<text:a xlink:href="https://example.com/">x</text:a>', '<text:a xlink:href="https://example.com/">x</text:a>', 0],
    ['a linked section', "<text:section-source xlink:href='file:///etc/hostname' text:filter-name='Text'/>", "<text:section-source xlink:href='' text:filter-name='Text'/>", 1],
    ['another prefix for the xlink namespace', '<d:image q:href="http://evil/x.png"/>', '<d:image q:href=""/>', 1],
    ['a character reference spelling the scheme', '<draw:image xlink:href="&#104;ttp://evil/x.png"/>', '<draw:image xlink:href=""/>', 1],
    ['a quote of the other kind inside the value', `<draw:image xlink:href="http://evil/it's.png"/>`, '<draw:image xlink:href=""/>', 1],
    ['a ">" inside another attribute', '<draw:image draw:name="a>b" xlink:href="http://evil/x.png"/>', '<draw:image draw:name="a>b" xlink:href=""/>', 1],
    ['a macro on an event', '<script:event-listener script:language="ooo:script" xlink:href="vnd.sun.star.script:Standard.M.Main"/>', '<script:event-listener script:language="ooo:script" xlink:href=""/>', 1],
  ];
  it.each(cases)('%s', (_name, xml, expected, removed) => {
    expect(stripOdfXml(xml)).toEqual({ xml: expected, removed });
  });
});

describe('stripOoxmlRels', () => {
  const rels = (inner: string) => `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${inner}</Relationships>`;
  it('drops an external image and an attached template, keeps embedded parts and hyperlinks', () => {
    const xml = rels(
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>' +
        '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com" TargetMode="External"/>' +
        '<Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///C:/t.dotm" TargetMode="External"/>' +
        '<Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///usr/share/x.png"/>',
    );
    const r = stripOoxmlRels(xml);
    expect(r.removed).toBe(3);
    expect(r.xml).toContain('rId1');
    expect(r.xml).toContain('rId3');
    expect(r.xml).not.toMatch(/rId2|rId4|rId5/);
  });
});

describe('stripOoxmlFields', () => {
  it('empties INCLUDEPICTURE and LINK fields, keeps PAGE', () => {
    const xml = '<w:instrText xml:space="preserve"> INCLUDEPICTURE "http://evil/x.png" \\d </w:instrText><w:instrText> PAGE </w:instrText><w:fldSimple w:instr=" LINK Excel.Sheet.8 &quot;file:///x.xls&quot; "/>';
    const r = stripOoxmlFields(xml);
    expect(r.removed).toBe(2);
    expect(r.xml).toBe('<w:instrText xml:space="preserve"></w:instrText><w:instrText> PAGE </w:instrText><w:fldSimple w:instr=""/>');
  });
});

describe('stripExternalLinks', () => {
  it('rewrites an ODT: the linked images gone, mimetype still first and stored', async () => {
    const z = new JSZip();
    z.file('mimetype', 'application/vnd.oasis.opendocument.text', { compression: 'STORE' });
    z.file('content.xml', '<office:text><draw:image xlink:href="http://127.0.0.1:9/x.png"/><draw:image xlink:href="Pictures/a.png"/></office:text>');
    const out = await stripExternalLinks(await z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), 'odt');
    expect(out.removed).toBe(1);
    const back = await JSZip.loadAsync(out.bytes);
    expect(Object.keys(back.files)[0]).toBe('mimetype');
    expect(out.bytes.subarray(30, 38).toString()).toBe('mimetype');
    expect(out.bytes.subarray(38, 38 + 39).toString()).toBe('application/vnd.oasis.opendocument.text');
    expect(await back.file('content.xml')!.async('string')).toBe('<office:text><draw:image xlink:href=""/><draw:image xlink:href="Pictures/a.png"/></office:text>');
  });

  it('refuses a part that declares a DTD (entities could spell a URL; external ones read files)', async () => {
    expect(declaresDtd('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toBe(true);
    const z = new JSZip();
    z.file('word/document.xml', '<!DOCTYPE w [<!ENTITY u "http://evil/x.png">]><w:document/>');
    await expect(stripExternalLinks(await z.generateAsync({ type: 'nodebuffer' }), 'docx')).rejects.toBeInstanceOf(DocumentRefused);
  });

  it('leaves other formats alone', async () => {
    const rtf = Buffer.from('{\\rtf1 hello}');
    expect(await stripExternalLinks(rtf, 'rtf')).toEqual({ bytes: rtf, removed: 0 });
  });
});
