import { minutesHtml } from '../../services/minutes/src/pdf/minutes-html';
import { arabicMinutes } from './p5-minutes-render';

// P5's document is built by hand (the meeting cast to the minutes' type): a field the minutes came to read and the
// fixture lacked made the whole benchmark fail at run time. Rendering it here fails in the unit tier instead.
describe('P5 fixture: the Arabic minutes the benchmark prints', () => {
  it.each([
    ['the 50-page document', 50, 24],
    ['the 1-page baseline', 0, 3],
  ])('%s lays out as minutes HTML, right to left, with its talking points', (_n, points, attendance) => {
    const html = minutesHtml(arabicMinutes(points, attendance));
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('اجتماع مجلس الإدارة الربعي');
    expect((html.match(/البند \d+: مراجعة التقرير الربعي/g) ?? []).length).toBeGreaterThanOrEqual(points);
  });
});
