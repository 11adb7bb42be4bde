import { drawRuns, ltr, visualLine } from './rtl';

const cps = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')).join(' ');

describe('drawRuns: Arabic shaped and ordered right to left', () => {
  it.each([
    // [line, runs' direction left to right, the joined forms of the first Arabic run]
    ['شهادة', [true], 'FEB7 FEEC FE8E FEA9 FE93'],
    ['لا', [true], 'FEFB'],
    ['سارة أحمد', [true], 'FEB3 FE8E FEAD FE93 0020 FE83 FEA3 FEE4 FEAA'],
  ])('%s', (line, dirs, forms) => {
    const runs = drawRuns(line);
    expect(runs.map((r) => r.rtl)).toEqual(dirs);
    expect(cps(runs[0].text)).toBe(forms);
  });

  it.each([
    // [logical line, what the reader sees left to right]
    ['Member Two', 'Member Two'],
    ['الاسم: Member Two', 'Member Two :ﻢﺳﻻﺍ'],
    ['الخطوة 1: سارة', 'ﺓﺭﺎﺳ :1 ﺓﻮﻄﺨﻟﺍ'],
    ['عضو (ضيف)', '(ﻒﻴﺿ) ﻮﻀﻋ'],
    ['عنوان IP: 10.0.0.1', 'IP: 10.0.0.1 ﻥﺍﻮﻨﻋ'],
    // after Arabic letters, digits are Arabic numbers and a hyphen between them is neutral (the date turns round) …
    ['تاريخ: 2026-01-02', '02-01-2026 :ﺦﻳﺭﺎﺗ'],
    // … unless the value is an isolate
    [`تاريخ: ${ltr('2026-01-02 10:00')}`, '2026-01-02 10:00 :ﺦﻳﺭﺎﺗ'],
    [`البريد: ${ltr('<a@b.c>')}`, '<a@b.c> :ﺪﻳﺮﺒﻟﺍ'],
    ['', ''],
    // no Arabic letter: a left-to-right line, whatever its neutrals
    ['2026-03-01 15:00:00 (Asia/Dubai)', '2026-03-01 15:00:00 (Asia/Dubai)'],
  ])('%s reads %s', (line, seen) => {
    expect(visualLine(line)).toBe(seen);
  });

  it('keeps a Latin line as it is, in one piece', () => {
    expect(drawRuns('SHA-256: 0f3a')).toEqual([{ text: 'SHA-256: 0f3a', rtl: false }]);
  });
});
