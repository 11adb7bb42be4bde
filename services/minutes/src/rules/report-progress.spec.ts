import { attachmentStarts, stageProgress } from './report-progress';

describe('stageProgress', () => {
  it.each([
    ['initializing', 0, 0],
    ['initializing', 0.5, 5],
    ['processing attachments', 0, 10],
    ['processing attachments', 1 / 3, 23.4],
    ['processing attachments', 1, 50],
    ['preparing content', 0, 50],
    ['generating', 0, 60],
    ['generating', 0.5, 75],
    ['finalizing', 0, 90],
    ['finalizing', 1, 99],
    ['finalizing', 7, 99],
    ['generating', -1, 60],
    ['generating', Number.NaN, 60],
  ] as const)('%s at %d → %d', (stage, fraction, percent) => {
    expect(stageProgress(stage, fraction)).toBe(percent);
  });
});

describe('attachmentStarts', () => {
  it.each([
    [2, [], []],
    [1, [3], [2]],
    [2, [3, 1, 4], [3, 6, 7]],
    [3, [null, 2, null, 5], [null, 4, null, 6]],
  ] as const)('after %d pages, files of %j start on %j', (body, pages, starts) => {
    expect(attachmentStarts(body, pages)).toEqual(starts);
  });
});
