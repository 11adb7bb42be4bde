/**
 * Journey: a live presentation. The chair (presenter of the talking point that carries the PDF) and member1 open
 * the same presentation in two browsers; the presenter draws a stroke and points; member1's page shows the stroke
 * (its pixels, read from member1's drawing canvas) and the pointer; the presenter clears the slide and the ink is
 * gone from member1's canvas; member1 adds a private note on the slide.
 */
import type { Page } from 'puppeteer-core';
import { TEST_PASSWORD, pdfFile } from '@app/testing';
import { closeRedis, meeting, talkingPoint, world, type World } from '../api/meeting/helpers';
import { clickReady, openBrowser, orgUrl, settled, signIn, type Session } from './support';

jest.setTimeout(240_000);

let w: World;
let path: string;
let meetingId: number;
let docId: number;
let presenter: Session;
let viewer: Session;

/** drag the mouse across the slide's drawing layer (fractions of its box) */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  const ink = await page.waitForSelector('[data-testid=slide-ink]', { visible: true });
  const box = (await ink!.boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(...at([from[0] + ((to[0] - from[0]) * i) / 8, from[1] + ((to[1] - from[1]) * i) / 8]));
  await page.mouse.up();
}

/** the stroke the presenter draws: a colour that is not the default pen's, from and to as fractions of the slide */
const STROKE = { colour: '#1e88e5', from: [0.2, 0.3] as [number, number], to: [0.7, 0.5] as [number, number] };

/** What the drawing canvas of a page holds, measured against a straight stroke (fractions of the slide). */
interface Ink {
  width: number;
  height: number;
  /** points sampled along the stroke, and how many of them have a pixel of the stroke's colour within 3px */
  samples: number;
  along: number;
  /** pixels with any ink, those farther than a few line widths from the stroke, and opaque ones of another colour */
  inked: number;
  stray: number;
  otherColour: number;
}

/** points along the straight stroke, as fractions of the slide */
const along = (stroke: typeof STROKE, n = 21): [number, number][] =>
  Array.from({ length: n }, (_, s) => [stroke.from[0] + ((stroke.to[0] - stroke.from[0]) * s) / (n - 1), stroke.from[1] + ((stroke.to[1] - stroke.from[1]) * s) / (n - 1)]);

/**
 * Where the page's drawing layer holds ink of the colour: the centres of the 6-pixel cells that do, as fractions of
 * the layer (what the presenter actually drew, to compare the viewer's layer with).
 */
async function inkCells(page: Page, colour: string): Promise<[number, number][]> {
  return page.evaluate((col: string) => {
    const c: any = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-testid=slide-ink]');
    if (!c) return [];
    const W: number = c.width;
    const H: number = c.height;
    const d: Uint8ClampedArray = c.getContext('2d').getImageData(0, 0, W, H).data;
    const rgb = [1, 3, 5].map((i) => parseInt(col.slice(i, i + 2), 16));
    const cells = new Set<string>();
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        if (d[i + 3] >= 200 && rgb.every((v, k) => Math.abs(d[i + k] - v) <= 24)) cells.add(`${Math.floor(x / 6)},${Math.floor(y / 6)}`);
      }
    return [...cells].map((k) => k.split(',').map(Number)).map(([cx, cy]) => [(cx * 6 + 3) / W, (cy * 6 + 3) / H] as [number, number]);
  }, colour);
}

/**
 * read the pixels of the page's drawing layer (`[data-testid=slide-ink]`, the overlay canvas over the slide) against
 * a path (fractions of the slide): how many of the path's points have ink of the colour within 4 px, and how much ink
 * lies away from the path or is of another colour; null while the page shows none (the stage is drawn again when
 * the slide or its size change)
 */
async function inkOf(page: Page, colour: string, path: [number, number][]): Promise<Ink | null> {
  return page.evaluate(
    (col: string, pts: [number, number][]) => {
      const c: any = (globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-testid=slide-ink]');
      if (!c) return null;
      const W: number = c.width;
      const H: number = c.height;
      const d: Uint8ClampedArray = c.getContext('2d').getImageData(0, 0, W, H).data;
      const rgb = [1, 3, 5].map((i) => parseInt(col.slice(i, i + 2), 16));
      const ofColour = (i: number) => d[i + 3] >= 200 && rgb.every((v, k) => Math.abs(d[i + k] - v) <= 24);
      const px = pts.map(([x, y]) => [x * W, y * H]);
      // the pen is 3 units of 1000 of the slide's width (SlideStage): ink farther than a few widths is not this stroke
      const band = Math.max(8, (3 * W) / 1000) * 3;
      const near = (x: number, y: number) => px.some(([a, b]) => Math.hypot(x - a, y - b) <= band);
      let inked = 0;
      let stray = 0;
      let otherColour = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const i = (y * W + x) * 4;
          if (d[i + 3] === 0) continue;
          inked += 1;
          if (!near(x + 0.5, y + 0.5)) stray += 1;
          if (d[i + 3] >= 200 && !ofColour(i)) otherColour += 1;
        }
      let hits = 0;
      for (const [fx, fy] of px) {
        const [cx, cy] = [Math.round(fx), Math.round(fy)];
        let hit = false;
        for (let y = Math.max(0, cy - 4); y <= Math.min(H - 1, cy + 4) && !hit; y++)
          for (let x = Math.max(0, cx - 4); x <= Math.min(W - 1, cx + 4) && !hit; x++) hit = ofColour((y * W + x) * 4);
        if (hit) hits += 1;
      }
      return { width: W, height: H, samples: px.length, along: hits, inked, stray, otherColour };
    },
    colour,
    path,
  );
}

/** read the drawing layer until `done` holds or `ms` pass; the last reading (for the assertions' messages) */
async function inkUntil(page: Page, done: (ink: Ink) => boolean, path: [number, number][] = along(STROKE), ms = 10_000): Promise<Ink | null> {
  const until = Date.now() + ms;
  for (;;) {
    const ink = await inkOf(page, STROKE.colour, path);
    if ((ink && done(ink)) || Date.now() > until) return ink;
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  w = await world();
  const m = await meeting(w);
  const up = await w.chair.c.upload('/library', {}, { file: { name: 'slides.pdf', type: 'application/pdf', data: await pdfFile(3, 'Quarterly review') } });
  expect(up.status).toBe(200);
  meetingId = m.id;
  docId = up.body.data.id;
  await talkingPoint(w, m.id);
  path = `/presentation/${m.id}/${docId}`;
  [presenter, viewer] = await Promise.all([openBrowser('presentation-presenter'), openBrowser('presentation-viewer')]);
  await signIn(presenter.page, w.org.slug, w.chair.email, TEST_PASSWORD);
  await signIn(viewer.page, w.org.slug, w.m1.email, TEST_PASSWORD);
});

afterAll(async () => {
  await presenter?.close();
  await viewer?.close();
  closeRedis();
});

describe('journey: live presentation', () => {
  it('the chair attaches the PDF to the talking point through the library picker; the item offers to present it', async () => {
    const { page } = presenter;
    await presenter.step('attach', async () => {
      await page.goto(orgUrl(w.org.slug, `/app/activity/meetings/${meetingId}`));
      await (await page.waitForSelector('[data-testid^="open-talking_point:"]', { visible: true }))!.click();
      // the item's dialog grows in, then the form replaces its view: each click once it stands still
      await page.waitForSelector('[data-testid=tp-edit]', { visible: true });
      await settled(page);
      await page.click('[data-testid=tp-edit]');
      await page.waitForSelector('[data-testid=tp-form]', { visible: true });
      await clickReady(page, '[data-testid=tp-attachments-add]');
      await page.waitForSelector(`[data-testid=library-picker] [data-testid=pick-${docId}]`, { visible: true });
      // the dialog grows in: a click during its animation lands beside the moving checkbox
      type Doc = { document: { querySelector(s: string): { textContent: string | null } | null } };
      await page.waitForFunction(() => !(globalThis as unknown as Doc).document.querySelector('[class*="-enter-active"]'));
      await page.$eval(`[data-testid=library-picker] [data-testid=pick-${docId}]`, (n: any) => (n.querySelector('input') ?? n).click());
      await page.waitForFunction(() => ((globalThis as unknown as Doc).document.querySelector('[data-testid=picker-count]')?.textContent ?? '').startsWith('1'));
      await presenter.shot('picker');
      await page.click('[data-testid=picker-done]');
      await page.waitForSelector('[data-testid=tp-attachments] .p-chip', { visible: true });
      // the picker's dialog is gone (its closing animation must not take the next click)
      await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-testid=library-picker]'));
      await page.click('[data-testid=tp-submit]');
      await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector('[data-testid=tp-dialog]'));
    });
    await presenter.step('present-link', async () => {
      await (await page.waitForSelector('[data-testid^="open-talking_point:"]', { visible: true }))!.click();
      const link = await page.waitForSelector('[data-testid=tp-present]', { visible: true });
      expect(await link!.evaluate((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute('href'))).toBe(path);
      await presenter.shot('present-link');
    });
  });

  it('both open the presentation; the chair presents, member1 follows', async () => {
    await viewer.step('viewer-open', async () => {
      await viewer.page.goto(orgUrl(w.org.slug, path));
      await viewer.page.waitForSelector('[data-testid=presentation-live][data-you-present=no] [data-testid=slide-canvas]', { visible: true, timeout: 60_000 });
      await viewer.shot('viewer-open');
    });
    await presenter.step('presenter-open', async () => {
      await presenter.page.goto(orgUrl(w.org.slug, path));
      await presenter.page.waitForSelector('[data-testid=presentation-live][data-you-present=yes] [data-testid=presenter-tools]', { visible: true, timeout: 60_000 });
      await presenter.shot('presenter-open');
    });
    expect(await viewer.page.$('[data-testid=presenter-tools]')).toBeNull();
  });

  it('the presenter draws a stroke; the viewer sees it', async () => {
    await viewer.step('blank', async () => {
      // before the stroke the viewer's drawing layer holds no ink at all (what follows is the presenter's stroke); the
      // layer is mounted once the slide has its size, which may come after the slide's canvas shows
      await viewer.page.waitForSelector('[data-testid=slide-ink]', { timeout: 30_000 });
      expect((await inkOf(viewer.page, STROKE.colour, along(STROKE)))?.inked).toBe(0);
    });
    await presenter.step('draw', async () => {
      await presenter.page.click('[data-testid=tool-pen]');
      await presenter.page.click(`[data-testid=presenter-tools] [role=radio][aria-label="${STROKE.colour}"]`);
      await drag(presenter.page, STROKE.from, STROKE.to);
      await presenter.shot('stroke-drawn');
    });
    let drawn: [number, number][] = [];
    await presenter.step('stroke-on-the-presenter', async () => {
      // what the presenter's own layer holds is the stroke the viewer must show: a line some half a slide long
      drawn = await inkCells(presenter.page, STROKE.colour);
      expect(drawn.length).toBeGreaterThan(30);
    });
    await viewer.step('stroke-seen', async () => {
      // the viewer's canvas shows the stroke's colour wherever the presenter's shows it, and no ink away from it
      const ink = await inkUntil(viewer.page, (i) => i.along === i.samples, drawn);
      expect(ink).toEqual(expect.objectContaining({ along: ink?.samples, stray: 0, otherColour: 0 }));
      // a line of some 0.5 of the slide's width, a few pixels thick
      expect(ink!.inked).toBeGreaterThan(ink!.width * 0.5);
      // and it came once: two copies of the same stroke would look the same
      expect(await viewer.page.$eval('[data-testid=slide-ink]', (c: any) => c.dataset.strokes as string)).toBe('1');
      await viewer.shot('stroke-seen');
    });
  });

  it('the presenter points; the viewer sees the pointer', async () => {
    await presenter.step('point', async () => {
      await presenter.page.click('[data-testid=tool-pointer]');
      const ink = (await presenter.page.$('[data-testid=slide-ink]'))!;
      const box = (await ink.boundingBox())!;
      await presenter.page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
      await presenter.page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5);
    });
    await viewer.step('pointer-seen', async () => {
      await viewer.page.waitForSelector('[data-testid=slide-pointer]', { visible: true, timeout: 10_000 });
      await viewer.shot('pointer-seen');
    });
  });

  it('the presenter clears the slide; the ink is gone from the viewer\'s', async () => {
    await presenter.step('clear', async () => {
      await presenter.page.click('[data-testid=tool-clear]');
      expect((await inkUntil(presenter.page, (i) => i.inked === 0))?.inked).toBe(0);
    });
    await viewer.step('cleared', async () => {
      const ink = await inkUntil(viewer.page, (i) => i.inked === 0);
      expect(ink).toEqual(expect.objectContaining({ along: 0, inked: 0 }));
      await viewer.shot('cleared');
    });
  });

  it('the presenter moves to slide 2; the viewer follows', async () => {
    await presenter.page.click('[data-testid=slide-next]');
    await viewer.step('follow', async () => {
      await viewer.page.waitForSelector('[data-testid=slide-stage][data-slide="1"]', { timeout: 10_000 });
      await viewer.shot('slide-2');
    });
  });

  it('member1 adds a private note on the slide', async () => {
    await viewer.step('note', async () => {
      await viewer.page.click('[data-testid=notes-open]');
      await viewer.page.waitForSelector('[data-testid=notes-drawer]', { visible: true });
      expect(await viewer.page.$eval('[data-testid=note-add]', (b) => (b as unknown as { disabled: boolean }).disabled)).toBe(true);
      await viewer.page.type('textarea[data-testid=note-text]', 'Ask about the second quarter');
      await viewer.page.click('[data-testid=note-add]');
      await viewer.page.waitForSelector('[data-testid=notes-list] [data-testid=note]', { visible: true });
      await viewer.shot('note-added');
    });
    const text = await viewer.page.$eval('[data-testid=notes-list]', (el) => (el as unknown as { textContent: string }).textContent);
    expect(text).toContain('Ask about the second quarter');
  });
});
