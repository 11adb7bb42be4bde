/**
 * Shared pieces of the browser journeys (jest project `browser`, test/browser/**\/*.e2e-spec.ts).
 *
 * `npm test` starts the whole system on test ports and passes TEST_GATEWAY_URL (http://127.0.0.1:4000)
 * and PUPPETEER_EXECUTABLE_PATH (/usr/bin/chromium). Chromium resolves *.localhost to loopback, so an
 * organization is opened at http://<slug>.localhost:<gateway port> — the gateway takes the organization
 * from the host's first label, exactly as in production.
 *
 * The demo organization is shared by the journeys (up to four at a time: in `npm test` they share one pool of four jest
 * workers with the api tier, and the two
 * that change its settings take turns through holdDemoSettings()): each one signs in through
 * the form. The gateway counts failed sign-ins per account and address (5 per minute, AUTH_FAILURE_LIMIT)
 * and every attempt against a high per-address ceiling (AUTH_IP_RATE_LIMIT), so a journey that types
 * wrong passwords on purpose should use its own user or organization (createTestOrg, as
 * disabled-module.e2e-spec.ts does).
 *
 * Every page a journey opens is watched for Content-Security-Policy violations (the gateway's policy,
 * services/gateway/src/core/security-headers.ts): `securitypolicyviolation` events of the page and the CSP errors
 * Chromium writes to the console (workers' too). Any of them fails the journey's file in its last afterAll,
 * which prints each one: the app must run under its policy with none.
 *
 * Every journey saves a screenshot of each screen it visits under test-artifacts/browser/<journey>/ and,
 * when a step fails, one more named `<step>-FAILED.png`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { testEnv } from '@app/testing';

// page functions run inside Chromium; the root tsconfig has no DOM lib, so the globals they use are named here
declare const document: any;
declare const window: any;

export const env = testEnv();
export const GATEWAY = env.TEST_GATEWAY_URL;
export const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
/** how long a journey waits for the demo organization's settings (holdDemoSettings), another journey holding them */
export const DEMO_SETTINGS_WAIT_MS = 15 * 60_000;

/**
 * Journeys run in several jest workers at once (scripts/test.mjs: one pool with the api tier). Two of them change a setting of the
 * shared demo organization (approval_mode, through PUT /api/status) and restore it after, so they must not run at
 * the same time: each holds this lock from a beforeAll to its last afterAll. The lock is a file created exclusively in
 * the temporary directory, per gateway (so per test slot), holding the worker's process id; a lock whose process is
 * gone is taken over. Resolves a function that releases it.
 */
export async function holdDemoSettings(): Promise<() => void> {
  const file = path.join(os.tmpdir(), `boardroom-demo-settings-${new URL(GATEWAY).port}.lock`);
  const until = Date.now() + DEMO_SETTINGS_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (holder && !processAlive(holder)) fs.rmSync(file, { force: true });
      else if (Date.now() > until) throw new Error(`the demo organization's settings stayed held by process ${holder} for ${DEMO_SETTINGS_WAIT_MS / 60_000} min (${file})`);
      else await new Promise((r) => setTimeout(r, 500));
    }
  }
}
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** the seeded demo organizations (scripts/seed.ts) */
export const DEMO = { slug: 'demo', admin: 'admin@demo.test', password: 'Demo@12345' } as const;
/** desktop width: the side menu is an aside from 992 px up (a drawer below) */
export const VIEWPORT = { width: 1280, height: 860 } as const;
/** how long a single wait may take (the services answer in milliseconds; the first page load compiles nothing) */
export const WAIT_MS = 15_000;

const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts/browser');

/** the CSP violations seen by the journeys of this test file */
export const cspViolations: string[] = [];

/** a console message is Chromium's report of a blocked load or script under the page's CSP */
export const isCspConsoleError = (text: string): boolean => /Content[ -]Security[ -]Policy/i.test(text);

/** record every CSP violation of `page` (its documents, its frames' reports and its workers' console errors) */
async function watchCsp(page: Page, journey: string): Promise<void> {
  const seen = (what: string) => {
    const line = `[${journey}] ${what}`;
    cspViolations.push(line);
    console.error(`CSP violation ${line}`);
  };
  await page.exposeFunction('__reportCspViolation', (v: { directive: string; blocked: string; source: string; line: number; sample: string; url: string }) =>
    seen(`${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source || v.url}:${v.line}${v.sample ? ` (${v.sample})` : ''}`),
  );
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e: any) => {
      window.__reportCspViolation?.({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample, url: window.location.href });
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && isCspConsoleError(m.text())) seen(`console: ${m.text()}`);
  });
}

// after the journeys of the file (and their own afterAll, which close the browsers): fail when any page broke the CSP
afterAll(() => {
  if (cspViolations.length) throw new Error(`${cspViolations.length} Content-Security-Policy violation(s):\n${cspViolations.join('\n')}`);
});

/** http://<slug>.localhost:<port><path>, from TEST_GATEWAY_URL */
export function orgUrl(slug: string, pathname = '/'): string {
  const u = new URL(GATEWAY);
  return `${u.protocol}//${slug}.localhost${u.port ? `:${u.port}` : ''}${pathname}`;
}

export interface Session {
  browser: Browser;
  page: Page;
  /** save test-artifacts/browser/<journey>/<nn>-<step>.png */
  shot(step: string): Promise<string>;
  /** run one step; on failure save `<nn>-<step>-FAILED.png` and rethrow */
  step<T>(name: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A fresh headless Chromium (own profile directory) with one desktop-sized page.
 * `tourSeen` (default true) marks the guided tour as seen so it does not cover the first screen.
 */
export async function openBrowser(journey: string, opts: { tourSeen?: boolean; args?: string[] } = {}): Promise<Session> {
  // the gateway serves the built app; `npm start` builds it when stale, `npm test` does not
  if (!fs.existsSync(path.resolve(__dirname, '../../web/dist/index.html'))) throw new Error('web/dist/index.html is missing: build the web app first (npm run build -w web)');
  const dir = path.join(ARTIFACTS, journey);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `br-${journey}-`));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    defaultViewport: VIEWPORT,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
      ...(opts.args ?? []),
    ],
  });
  const page = await browser.newPage();
  await watchCsp(page, journey);
  // pages the app opens itself (a link in a new tab) are watched too
  browser.on('targetcreated', (t) => {
    void t.page().then(
      async (p) => {
        if (p && p !== page) await watchCsp(p, journey);
      },
      () => undefined,
    );
  });
  page.setDefaultTimeout(WAIT_MS);
  page.setDefaultNavigationTimeout(WAIT_MS);
  if (opts.tourSeen !== false) {
    await page.evaluateOnNewDocument(() => {
      try {
        window.localStorage.setItem('tour_seen', '1');
      } catch {
        /* opaque origin (about:blank) */
      }
    });
  }
  // page errors end up in the jest output, which makes a red journey easier to read
  page.on('pageerror', (e) => console.warn(`[${journey}] page error: ${e instanceof Error ? e.message : String(e)}`));

  let n = 0;
  const file = (step: string) => path.join(dir, `${String(++n).padStart(2, '0')}-${step.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
  const shot = async (step: string) => {
    const f = file(step);
    await page.screenshot({ path: f as `${string}.png`, fullPage: false });
    return f;
  };
  return {
    browser,
    page,
    shot,
    async step(name, fn) {
      try {
        return await fn();
      } catch (e) {
        await page.screenshot({ path: file(`${name}-FAILED`) as `${string}.png` }).catch(() => undefined);
        throw e;
      }
    },
    async close() {
      await browser.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The pathname of the page, once it equals `pathname` (client-side routing included). */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForFunction((p) => window.location.pathname === p, {}, pathname);
}

/** Clear an input and type into it. */
export async function typeInto(page: Page, selector: string, text: string): Promise<void> {
  const el = await page.waitForSelector(selector, { visible: true });
  await el!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await el!.type(text);
}

/** Wait until no PrimeReact dialog, drawer or overlay is still animating in or out. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-exit-active"]'));
}

/**
 * Answer Yes in the confirmation dialog once it has stopped growing in, and wait for it to be gone: a click during
 * its entry can leave it on screen with its answer lost.
 */
export async function confirmYes(page: Page): Promise<void> {
  await page.waitForSelector('.p-confirm-dialog-accept', { visible: true });
  await settled(page);
  await page.click('.p-confirm-dialog-accept');
  await page.waitForFunction(() => !document.querySelector('.p-confirm-dialog'));
}

/** Set a datetime-local input as a person's picking sets it (one input event). */
export async function setDateTime(page: Page, selector: string, value: string): Promise<void> {
  await page.$eval(selector, (el: any, v: string) => {
    const setter = Object.getOwnPropertyDescriptor(window.HTMLInputElement.prototype, 'value')!.set!;
    setter.call(el, v);
    el.dispatchEvent(new window.Event('input', { bubbles: true }));
  }, value);
}

/** Draw a stroke on the signature canvas with the mouse, once the signature dialog has stopped growing in (measured before, the stroke lands beside the canvas). */
export async function drawSignature(page: Page): Promise<void> {
  await settled(page);
  const canvas = await page.waitForSelector('[data-testid=signature-canvas]', { visible: true });
  const box = (await canvas!.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 2 });
  await page.mouse.up();
}

/**
 * Paste a date-time into a PrimeReact Calendar input (one input event, as a paste is): typed key by key,
 * the calendar takes the date as soon as it parses and rewrites the text before the time is typed.
 */
export async function pasteDate(page: Page, selector: string, text: string): Promise<void> {
  await page.focus(selector);
  await page.$eval(
    selector,
    (el: any, t: string) => {
      const setter = Object.getOwnPropertyDescriptor(window.HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, t);
      el.dispatchEvent(new window.Event('input', { bubbles: true }));
    },
    text,
  );
  await page.keyboard.press('Tab');
  await settled(page);
  // Tab closes the calendar's panel only once the panel exists: focusing the input opens it with a transition, and a
  // Tab that comes first leaves it opening over the fields below. A mousedown outside closes it (PrimeReact's own
  // outside-click listener), as a person's click elsewhere would.
  const open = () => page.evaluate(() => [...document.querySelectorAll('.p-datepicker:not(.p-datepicker-inline)')].some((n: any) => n.getBoundingClientRect().height > 0));
  for (let attempt = 0; attempt < 5 && (await open()); attempt++) {
    await page.evaluate(() => document.body.dispatchEvent(new window.MouseEvent('mousedown', { bubbles: true })));
    await settled(page);
  }
  if (await open()) throw new Error(`the calendar of ${selector} stays open`);
}

/** The trimmed text content of the first match. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const el = await page.waitForSelector(selector, { visible: true });
  return (await el!.evaluate((n) => n.textContent ?? '')).trim();
}

/** Wait until some element matching `selector` contains `text`. */
export async function waitForText(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    (sel, t) => [...document.querySelectorAll(sel)].find((n) => (n.textContent ?? '').includes(t)) ?? null,
    {},
    selector,
    text,
  );
}

/** Wait until a PrimeReact table has finished loading and shows `count` data rows (or at least one). */
export async function waitForRows(page: Page, tableTestId: string, count?: number): Promise<void> {
  await page.waitForFunction(
    (id, n) => {
      const table = document.querySelector(`[data-testid=${id}]`);
      if (!table || table.querySelector('.p-datatable-loading-overlay')) return false;
      const rows = table.querySelectorAll('tbody tr:not(.p-datatable-emptymessage)').length;
      return n === null ? rows > 0 : rows === n;
    },
    {},
    tableTestId,
    count ?? null,
  );
}

/** Wait for a success toast containing `text` (when given), then close every toast so none covers the header. */
export async function successToast(page: Page, text?: string): Promise<string> {
  await waitForText(page, '.p-toast-message-success', text ?? '');
  const message = await page.$eval('.p-toast-message-success', (n: any) => (n.textContent ?? '').trim());
  return message;
}

/**
 * Close every toast, and the ones that come after while closing. The pointer leaves the toast area after each round:
 * a toast that slides in under it pauses its own life on hover and would stay for ever (seen with four uploads).
 */
export async function dismissToasts(page: Page): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    for (const close of await page.$$('.p-toast-message .p-toast-icon-close')) await close.click().catch(() => undefined);
    await page.mouse.move(1, 1);
    const left = await page.waitForFunction(() => document.querySelectorAll('.p-toast-message').length === 0, { timeout: 1_000 }).then(() => 0, () => 1);
    if (!left) return;
    if (Date.now() > until) throw new Error('toasts stayed open for 15 s');
  }
}

/** Sign in through the login form of an organization host and wait for the side menu. */
export async function signIn(page: Page, slug: string, email: string, password: string): Promise<void> {
  await page.goto(orgUrl(slug, '/auth/login'));
  await typeInto(page, '#login-email', email);
  await typeInto(page, '#login-password', password);
  await page.click('#login-submit');
  await page.waitForSelector('[data-testid=side-menu]', { visible: true });
}

/* ------------------------------------------------ accessibility ------------------------------------------------ */

/** the WCAG tags every page is checked against (axe-core's names: WCAG 2.0, 2.1 and 2.2, levels A and AA) */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

let axeSource: string | undefined;
/** axe-core's own build, from node_modules (nothing is downloaded); evaluated through the DevTools protocol, so the page's CSP is not bypassed */
const axeScript = (): string => (axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

export interface ContrastProblem {
  target: string;
  text: string;
  ratio: number;
  needed: number;
  colour: string;
  background: string;
}

/**
 * Text contrast computed in the page, for the pages axe cannot judge: axe skips text in joined scripts (Arabic), so on
 * an Arabic page every visible element with its own text is measured here: its colour (with the opacity of its
 * ancestors) against its effective background (the backgrounds of its ancestors composited over white), 4.5:1, or 3:1
 * for large text (24 px, or 18.66 px bold). Disabled controls are exempt (WCAG 1.4.3); text over an image is skipped.
 */
export function contrastProblems(): ContrastProblem[] {
  type C = { r: number; g: number; b: number; a: number };
  const parse = (s: string): C | null => {
    const m = /^rgba?\(([^)]+)\)$/.exec(s.trim()) ?? /^color\(srgb ([^)]+)\)$/.exec(s.trim());
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    const k = s.startsWith('color(') ? 255 : 1;
    return { r: p[0] * k, g: p[1] * k, b: p[2] * k, a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top: C, bottom: C): C => ({ r: top.r * top.a + bottom.r * (1 - top.a), g: top.g * top.a + bottom.g * (1 - top.a), b: top.b * top.a + bottom.b * (1 - top.a), a: 1 });
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c: C) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const ratio = (x: C, y: C) => {
    const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05);
  };
  const hex = (c: C) => `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  const describe = (el: any): string => {
    const parts: string[] = [];
    for (let n = el; n && n.nodeType === 1 && parts.length < 4; n = n.parentElement) {
      const testId = n.getAttribute('data-testid');
      parts.unshift(n.id ? `#${n.id}` : testId ? `[data-testid=${testId}]` : `${n.tagName.toLowerCase()}${[...n.classList].slice(0, 2).map((c: string) => `.${c}`).join('')}`);
      if (n.id || testId) break;
    }
    return parts.join(' > ');
  };
  /** the background under `el`: its own and its ancestors' colours, composited over white; null over an image */
  const background = (el: any): C | null => {
    const layers: C[] = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const s = window.getComputedStyle(n);
      if (s.backgroundImage && s.backgroundImage !== 'none' && !s.backgroundImage.startsWith('linear-gradient')) return null;
      const c = parse(s.backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    return layers.reverse().reduce((acc, c) => over(c, acc), { r: 255, g: 255, b: 255, a: 1 } as C);
  };
  const problems: ContrastProblem[] = [];
  for (const el of [...document.body.querySelectorAll('*')] as any[]) {
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE', 'TEXTAREA'].includes(el.tagName) || el.closest('svg, canvas')) continue;
    const own = [...el.childNodes].filter((n: any) => n.nodeType === 3).map((n: any) => n.textContent).join('').trim();
    const text = own || (el.tagName === 'INPUT' && el.type !== 'hidden' ? el.value || el.placeholder : '');
    if (!text) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) continue;
    const s = window.getComputedStyle(el);
    if (s.visibility !== 'visible' || s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') continue;
    if (el.closest('[disabled], [aria-disabled=true], .p-disabled, .p-disabled *, [aria-hidden=true]')) continue;
    let colour = parse(s.color);
    if (!colour) continue;
    let opacity = 1;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) opacity *= Number(window.getComputedStyle(n).opacity);
    if (opacity === 0 || colour.a === 0) continue;
    colour = { ...colour, a: colour.a * opacity };
    const bg = background(el);
    if (!bg) continue;
    const fg = over(colour, bg);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const r = ratio(fg, bg);
    if (r + 0.005 < needed) problems.push({ target: describe(el), text: text.slice(0, 40), ratio: Math.round(r * 100) / 100, needed, colour: hex(fg), background: hex(bg) });
  }
  return problems;
}

/**
 * Check the page as it is now with axe-core (A11Y_TAGS) and, on an Arabic page, with contrastProblems: the step fails
 * when axe finds any critical or serious violation, or any Arabic text lacks contrast, listing each with its targets.
 * Screenshots the page as `a11y-<name>-<lang>`.
 */
export async function a11y(page: Page, name: string, s?: Pick<Session, 'shot'>): Promise<void> {
  await settled(page);
  // and no CSS transition or animation still running (a dialog fading in is measured at part opacity: its colours
  // blend with the mask, as a confirmation dialog's did in a loaded fresh-clone run); endless ones (spinners) are
  // not waited for, and one that never ends is measured as it is after 5 s
  await page
    .waitForFunction(
      () => document.getAnimations().every((a: any) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // fonts and the first paint of lazily loaded parts (a table's rows) are in before the measure
  await page.evaluate(() => document.fonts?.ready);
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeScript());
  const lang: string = await page.evaluate(() => document.documentElement.lang || 'en');
  const violations: Array<{ id: string; impact: string; help: string; targets: string[] }> = await page.evaluate(async (tags: string[]) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations
      .filter((v: any) => v.impact === 'critical' || v.impact === 'serious')
      .map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: any) => `${n.target.join(' ')}${n.any?.[0]?.message ? ` (${n.any[0].message})` : ''}`) }));
  }, [...A11Y_TAGS]);
  const contrast = lang.startsWith('ar') ? await page.evaluate(contrastProblems) : [];
  if (s) await s.shot(`a11y-${name}-${lang}`);
  const lines = [
    ...violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 12).join('\n    ')}${v.targets.length > 12 ? `\n    (+${v.targets.length - 12} more)` : ''}`),
    ...contrast.map((c) => `serious arabic-color-contrast: ${c.target} "${c.text}" ${c.ratio}:1 < ${c.needed}:1 (${c.colour} on ${c.background})`),
  ];
  if (lines.length) throw new Error(`accessibility of ${name} (${lang}): ${violations.length} axe violation(s), ${contrast.length} Arabic contrast problem(s)\n${lines.join('\n')}`);
}

/** Choose a language with the header's (or the sign-in page's) language switcher, and wait for the document to follow. */
export async function switchLanguage(page: Page, lang: 'en' | 'ar'): Promise<void> {
  await page.click('[data-testid=language-switcher]');
  const option = await page.waitForSelector(`[data-testid=language-option-${lang}]`, { visible: true });
  await option!.click();
  await page.waitForFunction((l) => document.documentElement.lang === l, {}, lang);
  await settled(page);
}

/** click the option of an open PrimeReact Dropdown or MultiSelect panel by its label */
export async function pickOption(page: Page, label: string): Promise<void> {
  const li = await page.waitForFunction(
    (l: string) => [...document.querySelectorAll('.p-dropdown-panel li, .p-multiselect-panel li')].find((n: any) => (n.textContent ?? '').trim() === l) ?? null,
    {},
    label,
  );
  await settled(page);
  // a DOM click on the item itself: a panel that is still being positioned cannot turn it into a click on its neighbour
  await (li.asElement() as any).evaluate((n: any) => n.click());
}

/** an element of the page, as waitForSelector resolves it */
type Control = NonNullable<Awaited<ReturnType<Page['waitForSelector']>>>;

/**
 * Wait until `selector` is shown and enabled (neither a `disabled` button nor a PrimeReact `.p-disabled` field), and
 * resolve it: a control that comes or unlocks with the data it acts on (a list still loading) is clicked only then.
 */
export async function whenReady(page: Page, selector: string): Promise<Control> {
  const el = await page.waitForSelector(`${selector}:not([disabled]):not(.p-disabled)`, { visible: true });
  if (!el) throw new Error(`${selector} never became visible and enabled`);
  return el;
}

/** Click `selector` once it is shown and enabled (whenReady), after any dialog or drawer has stopped moving (settled). */
export async function clickReady(page: Page, selector: string): Promise<void> {
  await whenReady(page, selector);
  await settled(page);
  await page.click(`${selector}:not([disabled]):not(.p-disabled)`);
}

/** the `nth` field with data-testid `testId` (negative: from the end), once it is shown and enabled */
async function readyField(page: Page, testId: string, nth: number): Promise<Control> {
  const handle = await page.waitForFunction(
    (id: string, i: number) => {
      const all = [...document.querySelectorAll(`[data-testid="${id}"]`)];
      const n = all[i < 0 ? all.length + i : i];
      return n && n.getBoundingClientRect().height > 0 && !n.classList.contains('p-disabled') && !n.hasAttribute('disabled') ? n : null;
    },
    {},
    testId,
    nth,
  );
  const el = handle.asElement();
  if (!el) throw new Error(`field ${testId} #${nth} never became visible and enabled`);
  return el as Control;
}

/** Wait until no Dropdown panel is open and the `nth` field `testId` shows `label`. */
export async function chosen(page: Page, testId: string, label: string, nth = 0): Promise<void> {
  await page.waitForFunction(
    (id: string, l: string, i: number) => {
      if (document.querySelector('.p-dropdown-panel')) return false;
      const all = [...document.querySelectorAll(`[data-testid="${id}"]`)];
      return (all[i < 0 ? all.length + i : i]?.textContent ?? '').includes(l);
    },
    {},
    testId,
    label,
    nth,
  );
}

/**
 * Open the single-choice Dropdown `testId` (the `nth` one with that test id, negative from the end; the first by
 * default) once it is shown and enabled, pick `label`, and wait until its panel has closed and the field shows the
 * label: opening a second dropdown while the first one's panel is still closing can leave the second one unpicked
 * (seen under load in the chair and record journeys), and a field still disabled (its options loading) never opens.
 */
export async function chooseIn(page: Page, testId: string, label: string, opts: { nth?: number } = {}): Promise<void> {
  const nth = opts.nth ?? 0;
  await openField(page, testId, nth);
  await pickOption(page, label);
  await chosen(page, testId, label, nth);
}

/** chooseIn with the first option of the Dropdown `testId`, whatever it is called; resolves its label */
export async function chooseFirstIn(page: Page, testId: string): Promise<string> {
  await openField(page, testId, 0);
  const li = await page.waitForSelector('.p-dropdown-panel li.p-dropdown-item', { visible: true });
  const label: string = await li!.evaluate((n: any) => (n.textContent ?? '').trim());
  await pickOption(page, label);
  await chosen(page, testId, label);
  return label;
}

/** open the `nth` Dropdown or MultiSelect `testId` once no other panel is open and it is shown, enabled and still */
async function openField(page: Page, testId: string, nth: number): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.p-dropdown-panel, .p-multiselect-panel'));
  await readyField(page, testId, nth);
  await settled(page);
  await (await readyField(page, testId, nth)).click();
}

/**
 * Open the MultiSelect `testId` once it is shown and enabled, tick each of `labels`, and close its panel by clicking
 * `outside` (closePanel): a panel left open covers the controls under it.
 */
export async function tickIn(page: Page, testId: string, labels: string[], outside: string): Promise<void> {
  await openField(page, testId, 0);
  for (const label of labels) await pickOption(page, label);
  await closePanel(page, outside);
}

/**
 * Close an open Dropdown/MultiSelect panel by clicking `outside` (a field beside it), and make sure it is gone: a
 * panel still opening may miss that click, and a panel left open covers the buttons under it (a later click on
 * Submit would tick an option instead). Escape closes it then.
 */
export async function closePanel(page: Page, outside: string): Promise<void> {
  const open = () => !document.querySelector('.p-multiselect-panel, .p-dropdown-panel');
  await page.click(outside);
  try {
    await page.waitForFunction(open, { timeout: 3_000 });
  } catch {
    await page.keyboard.press('Escape');
    await page.waitForFunction(open);
  }
}
