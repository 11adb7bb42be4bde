import { saveSummaryMessage, summarizerMessage, SummaryTexts, zSummarizeBody, type SaveSummaryOutcome } from './summary';

describe('saveSummaryMessage (spec meetings.md §8, summary save)', () => {
  it.each<[string, SaveSummaryOutcome, { ok: boolean; message: string }]>([
    ['success with the server message', { kind: 'answer', status: 200, body: { success: true, summary: 'x', message: 'Summary saved successfully!' } }, { ok: true, message: 'Summary saved successfully!' }],
    ['success without a message', { kind: 'answer', status: 200, body: { summary: 'x' } }, { ok: true, message: 'Summary saved successfully!' }],
    ['409 with the field error', { kind: 'answer', status: 409, body: { message: 'Error in validation', errors: { summary: ['Summary cannot be empty'] } } }, { ok: false, message: 'Summary cannot be empty' }],
    ['server message first', { kind: 'answer', status: 403, body: { message: 'Authentication Fail' } }, { ok: false, message: 'Authentication Fail' }],
    ['then error', { kind: 'answer', status: 400, body: { error: 'Bad thing' } }, { ok: false, message: 'Bad thing' }],
    ['then detail', { kind: 'answer', status: 422, body: { detail: 'Detail text' } }, { ok: false, message: 'Detail text' }],
    ['blank message ignored', { kind: 'answer', status: 404, body: { message: '  ' } }, { ok: false, message: 'Meeting not found.' }],
    ['401', { kind: 'answer', status: 401, body: null }, { ok: false, message: 'Session expired. Please login again.' }],
    ['403', { kind: 'answer', status: 403, body: {} }, { ok: false, message: "You don't have permission to perform this action." }],
    ['404', { kind: 'answer', status: 404, body: 'Not JSON' }, { ok: false, message: 'Meeting not found.' }],
    ['500', { kind: 'answer', status: 500, body: {} }, { ok: false, message: 'Server error. Please try again later.' }],
    ['503 is 500 and above', { kind: 'answer', status: 503, body: {} }, { ok: false, message: 'Server error. Please try again later.' }],
    ['another status', { kind: 'answer', status: 418, body: {} }, { ok: false, message: 'Something went wrong.' }],
    ['fetch failed', { kind: 'network' }, { ok: false, message: 'Network error. Please check your internet connection.' }],
    ['unreadable answer', { kind: 'invalid' }, { ok: false, message: 'Server returned invalid response. Please contact support.' }],
    ['no token or user id', { kind: 'no-auth' }, { ok: false, message: 'Authentication failed. Please login again.' }],
    ['bad stored user', { kind: 'bad-user' }, { ok: false, message: 'Invalid user data. Please login again.' }],
  ])('%s', (_name, outcome, expected) => expect(saveSummaryMessage(outcome)).toEqual(expected));
});

describe('summarizerMessage (spec §8, summarizer)', () => {
  it.each<[string, Parameters<typeof summarizerMessage>[0], ReturnType<typeof summarizerMessage>]>([
    ['a summary', { kind: 'answer', status: 200, body: { summary: ' We agreed. ' } }, { summary: 'We agreed.', message: null }],
    ['empty summary', { kind: 'answer', status: 200, body: { summary: '' } }, { summary: null, message: 'No summary returned.' }],
    ['blank summary', { kind: 'answer', status: 200, body: { summary: '  ' } }, { summary: null, message: 'No summary returned.' }],
    ['no summary field', { kind: 'answer', status: 200, body: {} }, { summary: null, message: 'Error getting summary.' }],
    ['an error status', { kind: 'answer', status: 503, body: { message: 'Service Unavailable' } }, { summary: null, message: 'Error getting summary.' }],
    ['fetch failed', { kind: 'network' }, { summary: null, message: 'Something went wrong.' }],
  ])('%s', (_name, outcome, expected) => expect(summarizerMessage(outcome)).toEqual(expected));

  it('texts are the spec texts', () => {
    expect(SummaryTexts.noSummary).toBe('No summary returned.');
    expect(SummaryTexts.empty).toBe('Summary cannot be empty');
  });
});

describe('zSummarizeBody', () => {
  it.each<[string, unknown, boolean]>([
    ['the spec body', { title: 'Voice Note', creator_name: 'Chair', date: '2026-11-25', minutes: 'text' }, true],
    ['empty minutes are a request too', { title: 'Voice Note', creator_name: 'Chair', date: '2026-11-25', minutes: '' }, true],
    ['a date in another format', { title: 'Voice Note', creator_name: 'Chair', date: '25-11-2026', minutes: 'text' }, false],
    ['minutes as a number', { title: 'Voice Note', creator_name: 'Chair', date: '2026-11-25', minutes: 1 }, false],
    ['no minutes', { title: 'Voice Note', creator_name: 'Chair', date: '2026-11-25' }, false],
  ])('%s', (_name, body, ok) => expect(zSummarizeBody.safeParse(body).success).toBe(ok));
});
