/**
 * Journey: a live presentation. The chair (presenter of the talking point that carries the PDF) and member1 open
 * the same presentation in two browsers; the presenter draws a stroke and points; member1's page shows the stroke
 * and the pointer; member1 adds a private note on the slide.
 */
import type { Page } from 'puppeteer-core';
import { TEST_PASSWORD, pdfFile } from '@app/testing';
import { closeRedis, meeting, talkingPoint, world, type World } from '../api/meeting/helpers';
import { openBrowser, orgUrl, signIn, type Session } from './support';

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
      await (await page.waitForSelector('[data-testid=tp-edit]', { visible: true }))!.click();
      await page.waitForSelector('[data-testid=tp-form]', { visible: true });
      await page.click('[data-testid=tp-attachments-add]');
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
    await presenter.step('draw', async () => {
      await presenter.page.click('[data-testid=tool-pen]');
      await drag(presenter.page, [0.2, 0.3], [0.7, 0.5]);
      await presenter.shot('stroke-drawn');
    });
    await viewer.step('stroke-seen', async () => {
      await viewer.page.waitForSelector('[data-testid=slide-ink][data-strokes="1"]', { timeout: 10_000 });
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
