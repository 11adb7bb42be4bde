import fs from 'node:fs';
import path from 'node:path';
import { BRAND, FOCUS_RING, brandTheme } from './brand';

/** WCAG 2 contrast ratio of two #rrggbb colours */
function contrast(a: string, b: string): number {
  const lum = (h: string) =>
    [1, 3, 5]
      .map((i) => parseInt(h.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const theme = fs.readFileSync(path.resolve(__dirname, '../../../node_modules/primereact/resources/themes/lara-light-blue/theme.css'), 'utf8');
const branded = brandTheme(theme);

describe('the brand colour in the PrimeReact theme (issue 25: #3b82f6 read at 3.1–3.7:1, focus rings at 1.4:1)', () => {
  it('the brand reads at 4.5:1 or more as text on white, the light surfaces and the selection background, and white text on it too', () => {
    for (const bg of ['#ffffff', '#f9fafb', '#f3f4f6', '#f4f6fa', '#eff6ff']) expect(contrast(BRAND, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('no light blue or light focus ring is left in the theme, and the primary button is the brand', () => {
    expect(theme).toMatch(/#3B82F6/i);
    expect(branded).not.toMatch(/#3b82f6|#bfdbfe|#6b7280/i);
    expect(branded).toMatch(new RegExp(`--primary-color: ${BRAND};`));
    expect(branded).toMatch(new RegExp(`\\.p-button \\{[^}]*background: ${BRAND};`));
  });

  it('focus rings are the brand colour (3:1 or more on white) behind a white gap', () => {
    expect(FOCUS_RING).toContain(BRAND);
    expect(contrast(BRAND, '#ffffff')).toBeGreaterThanOrEqual(3);
    const rings = branded.match(/box-shadow: [^;]*;/g)!.filter((r) => r.includes(BRAND));
    expect(rings.length).toBeGreaterThan(50);
    expect(branded).toContain(`--focus-ring: ${FOCUS_RING};`);
  });

  it('every focus ring of the theme, the buttons and the severities included, reads at 3:1 or more against white', () => {
    const before = [...theme.matchAll(/0 0 0 (?:0\.2rem|4px) (#[0-9a-f]{6})\b/gi)].map((m) => m[1]);
    expect(before.some((c) => contrast(c, '#ffffff') < 3)).toBe(true);
    const after = [...branded.matchAll(/0 0 0 (?:0\.25rem|4px) (#[0-9a-f]{6})\b/gi)].map((m) => m[1]);
    expect(after.length).toBe(before.length);
    for (const c of after) expect([c, contrast(c, '#ffffff') >= 3]).toEqual([c, true]);
    // the primary button's ring: white gap, then the brand (the theme had #9dc1fb, 1.8:1)
    expect(branded).toContain(`0 0 0 2px #ffffff, 0 0 0 4px ${BRAND}`);
  });

  it('the secondary text grey reads at 4.5:1 on the grey surface of tags', () => {
    const grey = /--text-color-secondary: (#[0-9a-f]{6});/i.exec(branded)![1];
    expect(contrast(grey, '#f3f4f6')).toBeGreaterThanOrEqual(4.5);
  });
});
