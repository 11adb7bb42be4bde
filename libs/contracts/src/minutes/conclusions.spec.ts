import { normalizeConclusion, type ConclusionEntry } from './conclusions';
import { zMomConclusionBody } from './minutes.http';

const e = (over: Partial<ConclusionEntry>): ConclusionEntry => ({ type: 'talking_point', id: 1, conclusion: 'Approved the budget', active: true, comment: [], ...over });

describe('normalizeConclusion: what the minutes form sends', () => {
  it.each([
    ['an active item keeps its conclusion and its comments', e({ comment: ['Agreed'] }), 'Approved the budget', ['Agreed']],
    ['blank new comments are dropped', e({ comment: ['  ', '', 'Noted '] }), 'Approved the budget', ['Noted']],
    ['comments are ignored when the conclusion is blank', e({ conclusion: '   ', comment: ['Agreed'] }), '', []],
    ['an inactive item sends its conclusion empty (and so no comments)', e({ active: false, comment: ['Agreed'] }), '', []],
    ['the conclusion is trimmed', e({ conclusion: '  Done \n' }), 'Done', []],
  ])('%s', (_n, input, conclusion, comment) => {
    const out = normalizeConclusion(input);
    expect(out.conclusion).toBe(conclusion);
    expect(out.comment).toEqual(comment);
  });
});

describe('zMomConclusionBody: multipart fields and JSON', () => {
  it('reads form fields (strings) as the spec sends them', () => {
    const r = zMomConclusionBody.parse({
      id: '12', isConclusion: 'true',
      conclusions: [{ type: 'talking_point', id: '5', conclusion: 'Yes', active: '1', comment: '["a","b"]' }, { type: 'decision', id: '7', active: '0' }],
    });
    expect(r).toEqual({
      id: 12, isConclusion: true,
      conclusions: [
        { type: 'talking_point', id: 5, conclusion: 'Yes', active: true, comment: ['a', 'b'] },
        { type: 'decision', id: 7, conclusion: '', active: false, comment: [] },
      ],
    });
  });

  it.each([
    ['an id that is not a number', { conclusions: [{ type: 'meeting', id: true }] }, 'conclusions.0.id'],
    ['an id given as a list', { conclusions: [{ type: 'meeting', id: [1] }] }, 'conclusions.0.id'],
    ['an unknown type', { conclusions: [{ type: 'note', id: 1 }] }, 'conclusions.0.type'],
    ['a comment that is not a list of texts', { conclusions: [{ type: 'meeting', id: 1, comment: '{"a":1}' }] }, 'conclusions.0.comment'],
    ['a comment list holding a number', { conclusions: [{ type: 'meeting', id: 1, comment: [1] }] }, 'conclusions.0.comment.0'],
    ['active that is not a flag', { conclusions: [{ type: 'meeting', id: 1, active: 'yes' }] }, 'conclusions.0.active'],
  ])('refuses %s', (_n, body, path) => {
    const r = zMomConclusionBody.safeParse(body);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});
