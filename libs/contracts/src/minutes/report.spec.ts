import { REPORT_STAGES, reportFileName } from './report';

describe('reportFileName: the title with underscores', () => {
  it.each([
    ['Budget 2027', 'Budget_2027.pdf'],
    ['  Budget   approval\tnow ', 'Budget_approval_now.pdf'],
    ['single', 'single.pdf'],
    ['اعتماد الميزانية السنوية', 'اعتماد_الميزانية_السنوية.pdf'],
    ['a/b\\c:d*e?f"g<h>i|j', 'abcdefghij.pdf'],
    ['Q1: results / plan', 'Q1_results_plan.pdf'],
    ['..hidden', 'hidden.pdf'],
    ['', 'resolution.pdf'],
    ['   ', 'resolution.pdf'],
    ['///', 'resolution.pdf'],
    ['line\nbreak', 'line_break.pdf'],
  ])('%j → %j', (title, name) => {
    expect(reportFileName(title)).toBe(name);
  });

  it('keeps at most 150 characters of the title', () => {
    expect(reportFileName('x'.repeat(400))).toBe(`${'x'.repeat(150)}.pdf`);
  });

  it('has the five stages of the spec, in order', () => {
    expect(REPORT_STAGES).toEqual(['initializing', 'processing attachments', 'preparing content', 'generating', 'finalizing']);
  });
});
