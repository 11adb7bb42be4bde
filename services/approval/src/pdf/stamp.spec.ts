import { boxesFor, decodeImage, imageKind, shownSize, toUser, winAnsi, type PageFrame } from './stamp';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const opts = { displayOnBottom: false, showName: false, showTitle: false, showDate: false, showReason: false, applyToAll: false };

describe('imageKind: by content, not by label', () => {
  it.each([
    ['png', PNG, 'png'],
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'jpeg'],
    ['gif', Buffer.from('GIF89a......'), null],
    ['empty', Buffer.alloc(0), null],
    ['png header cut short', PNG.subarray(0, 4), null],
  ])('%s', (_, bytes, kind) => expect(imageKind(bytes)).toBe(kind));
});

describe('decodeImage', () => {
  it.each([
    ['a png data URL', `data:image/png;base64,${PNG.toString('base64')}`, 'png'],
    ['a gif labelled png', `data:image/png;base64,${Buffer.from('GIF89a......').toString('base64')}`, null],
    ['not a data URL', 'https://example.test/a.png', null],
    ['svg', `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`, null],
  ])('%s', (_, url, kind) => expect(decodeImage(url)?.kind ?? null).toBe(kind));
});

describe('boxesFor: placements to PDF boxes', () => {
  const pages = [{ width: 600, height: 800 }, { width: 600, height: 800 }, { width: 300, height: 400 }];
  it.each([
    ['no placement: the default box on the last page (half wide, centred, height / 2.8 from the top)', [], 0.5,
      [{ page: 2, x: 75, y: 400 - 400 / 2.8 - 75, width: 150, height: 75 }]],
    ['screen size = page size: top-left origin flipped', [{ pageNum: 1, px: 10, py: 20, pageWidth: 600, pageHeight: 800, width: 100, height: 50 }], 1,
      [{ page: 0, x: 10, y: 730, width: 100, height: 50 }]],
    ['drawn at half size: doubled', [{ pageNum: 2, px: 10, py: 20, pageWidth: 300, pageHeight: 400, width: 100, height: 50 }], 1,
      [{ page: 1, x: 20, y: 660, width: 200, height: 100 }]],
    ['apply to all pages', [{ pageNum: 1, px: 0, py: 0, pageWidth: 600, pageHeight: 800, width: 60, height: 80, options: { ...opts, applyToAll: true } }], 1,
      [{ page: 0, x: 0, y: 720, width: 60, height: 80 }, { page: 1, x: 0, y: 720, width: 60, height: 80 }, { page: 2, x: 0, y: 360, width: 30, height: 40 }]],
  ])('%s', (_, placements, aspect, expected) => {
    const full = placements.map((p) => ({ type: 'signature' as const, options: opts, ...p }));
    const got = boxesFor(pages, full, aspect).map(({ options: _o, ...b }) => b);
    expect(got).toHaveLength(expected.length);
    got.forEach((b, i) => {
      for (const k of ['page', 'x', 'y', 'width', 'height'] as const) expect(b[k]).toBeCloseTo(expected[i][k], 6);
    });
  });
});

describe('winAnsi', () => {
  it.each([
    ['Latin', 'Signer One', 'Signer One'],
    ['accents', 'Zoë Müller', 'Zoë Müller'],
    ['Arabic', 'سامي', '????'],
  ])('%s', (_, s, out) => expect(winAnsi(s)).toBe(out));
});

describe('toUser: a point of the page as shown (bottom-left origin) -> user space, by /Rotate', () => {
  // a 400 x 600 crop box at (5, 7); the shown point (10, 20)
  it.each([
    [0, { width: 400, height: 600 }, { x: 15, y: 27 }],
    // a quarter turn clockwise: shown 600 wide; the shown bottom-left corner is the user space's bottom-right
    [90, { width: 600, height: 400 }, { x: 5 + 400 - 20, y: 7 + 10 }],
    [180, { width: 400, height: 600 }, { x: 5 + 390, y: 7 + 580 }],
    [270, { width: 600, height: 400 }, { x: 5 + 20, y: 7 + 590 }],
  ] as const)('rotation %i', (rotation, shown, user) => {
    const f: PageFrame = { x: 5, y: 7, width: 400, height: 600, rotation };
    expect(shownSize(f)).toEqual(shown);
    expect(toUser(f, 10, 20)).toEqual(user);
  });

  it.each([0, 90, 180, 270] as const)('rotation %i: the shown corners are the crop box corners', (rotation) => {
    const f: PageFrame = { x: 0, y: 0, width: 400, height: 600, rotation };
    const { width, height } = shownSize(f);
    const corners = [toUser(f, 0, 0), toUser(f, width, 0), toUser(f, 0, height), toUser(f, width, height)].map((c) => `${c.x},${c.y}`).sort();
    expect(corners).toEqual(['0,0', '0,600', '400,0', '400,600']);
  });
});
