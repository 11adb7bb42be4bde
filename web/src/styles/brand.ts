/**
 * The brand colour in PrimeReact's lara-light-blue theme (docs/accessibility.md). The theme's blue #3b82f6 reads at 3.1–3.7:1
 * on white and light greys (menu text, links, primary buttons: WCAG 1.4.3 wants 4.5:1), and its focus ring #bfdbfe at 1.4:1
 * (1.4.11 wants 3:1). The theme file is rewritten as it is bundled: blue-700 #1d4ed8 (6.7:1 on white) as the brand, its
 * hover and active shades one step darker each, and focus rings in the brand colour with a white gap, so that a ring
 * shows on a white page and around a brand-coloured button alike. web/vite.config.ts applies it to the
 * theme; web/src/styles/app.css uses the same BRAND.
 */
export const BRAND = '#1d4ed8';
/**
 * The theme's colours that change, each with its hover and active shade one step darker: the blues; the secondary text
 * grey #6b7280 (4.39:1 on the grey surface #f3f4f6 of tags); and the severities, whose white text on a tag or a button
 * read at 2.3–3.8:1 (success #22c55e, warning #f97316, danger #ef4444, info #0ea5e9, help #a855f7; the error text
 * #e24c4c): each becomes its 700 shade (4.8–7:1 against white).
 */
const THEME_COLOURS: Record<string, string> = {
  '#3b82f6': BRAND, '#2563eb': '#1e40af', '#1d4ed8': '#1e3a8a',
  '#6b7280': '#5b6270',
  '#22c55e': '#15803d', '#16a34a': '#166534', '#15803d': '#14532d',
  '#f97316': '#c2410c', '#ea580c': '#9a3412', '#c2410c': '#7c2d12',
  '#ef4444': '#b91c1c', '#dc2626': '#991b1b', '#b91c1c': '#7f1d1d', '#e24c4c': '#b91c1c',
  '#0ea5e9': '#0369a1', '#0284c7': '#075985', '#0369a1': '#0c4a6e',
  '#a855f7': '#7e22ce', '#9333ea': '#6b21a8', '#7e22ce': '#581c87',
};
const THEME_COLOUR = new RegExp(`(${Object.keys(THEME_COLOURS).join('|')})\\b`, 'gi');
/**
 * The focus rings' light colours (1.2–1.8:1 against white) and the dark ones that replace them (3:1 and more): the brand's
 * #bfdbfe and the buttons' #9dc1fb, and each severity's pale ring.
 */
const RING_COLOURS: Record<string, string> = {
  '#bfdbfe': BRAND, '#9dc1fb': BRAND,
  '#88eaac': '#15803d', '#bbf7d0': '#15803d',
  '#fcb98b': '#c2410c', '#fde68a': '#a16207',
  '#f7a2a2': '#b91c1c', '#fecaca': '#b91c1c',
  '#83d3f8': '#0369a1',
  '#d4aafb': '#7e22ce', '#e9d5ff': '#7e22ce',
  '#b0b9c6': '#475569', '#e2e8f0': '#475569',
};
const ring = (c: string): string => RING_COLOURS[c.toLowerCase()] ?? c;
/** a focus ring: a white gap, then the brand colour (>= 3:1 against white, and apart from a brand-coloured control) */
export const FOCUS_RING = `0 0 0 0.1rem #ffffff, 0 0 0 0.25rem ${BRAND}`;
export function brandTheme(css: string): string {
  return css
    .replace(THEME_COLOUR, (c) => THEME_COLOURS[c.toLowerCase()])
    // the controls' ring (0.2rem, no gap): a white gap, then the dark ring
    .replace(/0 0 0 0\.2rem (#[0-9a-f]{6})\b/gi, (_m, c: string) => `0 0 0 0.1rem #ffffff, 0 0 0 0.25rem ${ring(c)}`)
    // the buttons' ring (already behind a 2px white gap)
    .replace(/0 0 0 4px (#[0-9a-f]{6})\b/gi, (_m, c: string) => `0 0 0 4px ${ring(c)}`)
    // the inset rings and outlines of the brand's ring colour
    .replace(/#bfdbfe/gi, BRAND);
}
