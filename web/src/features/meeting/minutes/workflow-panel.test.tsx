import type { MinutesState, MinutesWorkflow } from '@app/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../../api/session';
import { changeLanguage } from '../../../i18n';
import { installFetch, jsonResponse, on } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { aMeeting } from '../decisions/fixtures';
import { ApprovalsCard } from '../details/ApprovalsCard';
import { MinutesCard } from './MinutesCard';

const wperms = (over: Partial<MinutesWorkflow['permissions']> = {}): MinutesWorkflow['permissions'] => ({
  send_review: false, review_comment: false, send_approval: false, publish: false, correct: false, change_deadline: false, editable: true, ...over,
});
const people = [{ user_id: 7, name: 'Mona Member' }, { user_id: 8, name: 'Mark Member' }];
function aWorkflow(over: Partial<MinutesWorkflow> = {}): MinutesWorkflow {
  return {
    edition: 1, state: 'draft', reviewers: [], approvers: [], approval_id: null, review_comments: [], candidates: people,
    signers: [people[1]], signers_missing: [], name_signers: false, signer_candidates: [],
    permissions: wperms({ send_review: true, send_approval: true }), review_deadline: null, review_deadline_passed: false, review_pending: [], editions: [], history: [], ...over,
  };
}
function aState(workflow: MinutesWorkflow | null, over: Partial<MinutesState> = {}): MinutesState {
  return {
    meeting_id: 1, title: 'Board meeting', meeting_status_id: 3, mom: 0, mom_settings: 1, can_commit: true,
    permissions: { available: true, manage: true, history: true, edit: true, comment: false, done: true, download: true, upload: true, toggleSetting: true, seeCard: true },
    items: [
      { type: 'meeting', id: 1, title: 'Board meeting', parent: null, conclusion: '', active: true, comments: [] },
      { type: 'talking_point', id: 5, title: 'Budget', parent: null, conclusion: 'Approved', active: true, comments: [] },
    ],
    mom_versions: [{ id: 3, version: 1, library_id: 40, file_url: 'http://s3.test/v1.pdf', updated_at: '2026-11-24 14:05:00', source: 'rendered', lang: 'en' }],
    render: null, workflow, ...over,
  };
}
const answer = (data: MinutesState, message: string) => () => jsonResponse(200, { success: true, message, data });
const card = () => renderWithApp(<MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />);

beforeEach(() => {
  window.localStorage.clear();
  session.signIn({ token: 'tok', email: 'ada@example.com' });
});

describe('the minutes workflow in the card', () => {
  it('a draft: the owner ticks a reviewer and sends for review; the card then says "In review"', async () => {
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow()) })),
      on('POST', '/api/meetings/1/minutes/review', answer(aState(aWorkflow({ state: 'in_review', reviewers: [people[0]] })), 'Minutes sent for review')),
    );
    card();
    expect(await screen.findByTestId('minutes-state')).toHaveTextContent('Draft');
    expect(screen.getByText('Edition 1')).toBeInTheDocument();
    expect(screen.getByTestId('minutes-send-review')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Mona Member', { selector: '#minutes-reviewer-7' }));
    fireEvent.click(screen.getByTestId('minutes-send-review'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reviewers: [7] });
    await waitFor(() => expect(screen.getByTestId('minutes-state')).toHaveTextContent('In review'));
    expect(screen.getByText('Reviewers: Mona Member')).toBeInTheDocument();
  });

  it('the owner sets a review deadline when sending: it is sent in the body; the card shows it and who has not reviewed', async () => {
    const sent = aWorkflow({ state: 'in_review', reviewers: people, review_deadline: '2026-12-01 17:00:00', review_pending: [people[1]] });
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow()) })),
      on('POST', '/api/meetings/1/minutes/review', answer(aState(sent), 'Minutes sent for review')),
    );
    card();
    await screen.findByTestId('minutes-state');
    expect(screen.getByLabelText('Review deadline (optional)')).toHaveAccessibleDescription('Reviewers who have not commented are reminded a day before (an hour before when it is sooner).');
    fireEvent.click(screen.getByLabelText('Mona Member', { selector: '#minutes-reviewer-7' }));
    fireEvent.click(screen.getByLabelText('Mark Member', { selector: '#minutes-reviewer-8' }));
    fireEvent.change(screen.getByLabelText('Review deadline (optional)'), { target: { value: '2026-12-01T17:00' } });
    fireEvent.click(screen.getByTestId('minutes-send-review'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reviewers: [7, 8], deadline: '2026-12-01T17:00' });
    // the date in the reader's language, as the page's other dates (not the raw server text)
    expect(await screen.findByTestId('minutes-review-deadline')).toHaveTextContent(/^Review due by 01 Dec 2026 05:00 PM$/);
    expect(screen.getByTestId('minutes-review-pending')).toHaveTextContent('Not reviewed yet: Mark Member');
    expect(screen.queryByTestId('minutes-review-deadline-passed')).toBeNull();
    // in review the send-again form has no deadline input of its own: the deadline line's control is the one way
    expect(screen.queryByLabelText('Review deadline (optional)')).toBeNull();
    expect(screen.queryByTestId('minutes-review-deadline-input')).toBeNull();
  });

  it('past the deadline the owner is told; a reviewer still comments; Arabic', async () => {
    const late = { state: 'in_review' as const, reviewers: people, review_deadline: '2026-11-01 09:00:00', review_deadline_passed: true, review_pending: people };
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow(late)) })));
    const owner = card();
    expect(await screen.findByTestId('minutes-review-deadline-passed')).toHaveTextContent('The review deadline has passed. Reviewers can still comment until you send the minutes for approval.');
    owner.unmount();
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ ...late, candidates: [], permissions: wperms({ review_comment: true }) })) })));
    const reviewer = card();
    expect(await screen.findByTestId('minutes-review-form')).toBeInTheDocument();
    expect(screen.queryByTestId('minutes-review-deadline-passed')).toBeNull();
    expect(screen.getByTestId('minutes-review-pending')).toHaveTextContent('Not reviewed yet: Mona Member, Mark Member');
    reviewer.unmount();
    await act(() => changeLanguage('ar'));
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow(late)) })));
    card();
    expect(await screen.findByTestId('minutes-review-deadline-passed')).toHaveTextContent('انقضى الموعد النهائي للمراجعة');
    expect(screen.getByTestId('minutes-review-deadline')).toHaveTextContent(/^موعد انتهاء المراجعة: 01 نوفمبر 2026 09:00 ص$/);
    await act(() => changeLanguage('en'));
  });

  describe('changing the deadline while in review (the owner)', () => {
    const inReview = (over: Partial<MinutesWorkflow> = {}) =>
      aWorkflow({ state: 'in_review', reviewers: people, review_deadline: '2026-12-01 17:00:00', review_pending: people, permissions: wperms({ send_review: true, send_approval: true, change_deadline: true }), ...over });

    it('Change opens the date from the one set; Save sends it (PATCH) and the card shows the new one', async () => {
      const moved = inReview({
        review_deadline: '2026-12-02 09:30:00',
        history: [{ edition: 1, action: 'deadline_changed', state: 'in_review', actor_id: 1, actor_name: 'Ada Owner', note: '2026-12-02 09:30', at: '2026-11-28 10:00:00' }],
      });
      const calls = installFetch(
        on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview()) })),
        on('PATCH', '/api/meetings/1/minutes/review', answer(aState(moved), 'Review deadline saved')),
      );
      card();
      expect(await screen.findByTestId('minutes-review-deadline')).toHaveTextContent('Review due by 01 Dec 2026 05:00 PM');
      fireEvent.click(screen.getByTestId('minutes-review-deadline-edit'));
      const input = screen.getByLabelText('New review deadline');
      expect(input).toHaveValue('2026-12-01T17:00');
      fireEvent.change(input, { target: { value: '2026-12-02T09:30' } });
      fireEvent.click(screen.getByTestId('minutes-review-deadline-save'));
      await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
      expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ deadline: '2026-12-02T09:30' });
      await waitFor(() => expect(screen.getByTestId('minutes-review-deadline')).toHaveTextContent('Review due by 02 Dec 2026 09:30 AM'));
      expect(screen.queryByTestId('minutes-review-deadline-editor')).toBeNull();
      expect(await screen.findByText('Review deadline saved')).toBeInTheDocument();
      // the history names the change and the new date in the reader's language
      fireEvent.click(screen.getByTestId('minutes-workflow-history-toggle'));
      expect(screen.getByTestId('minutes-workflow-history')).toHaveTextContent('Review deadline changed');
      expect(screen.getByTestId('minutes-workflow-history')).toHaveTextContent('02 Dec 2026 09:30 AM');
    });

    it('Clear sends null; the card says there is none, and offers to set one', async () => {
      const cleared = inReview({
        review_deadline: null,
        history: [{ edition: 1, action: 'deadline_changed', state: 'in_review', actor_id: 1, actor_name: 'Ada Owner', note: null, at: '2026-11-28 10:00:00' }],
      });
      const calls = installFetch(
        on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview()) })),
        on('PATCH', '/api/meetings/1/minutes/review', answer(aState(cleared), 'Review deadline saved')),
      );
      card();
      fireEvent.click(await screen.findByTestId('minutes-review-deadline-clear'));
      await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
      expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ deadline: null });
      expect(await screen.findByTestId('minutes-review-deadline-none')).toHaveTextContent('No review deadline');
      expect(screen.getByTestId('minutes-review-deadline-edit')).toHaveTextContent('Set a deadline');
      expect(screen.queryByTestId('minutes-review-deadline-clear')).toBeNull();
      fireEvent.click(screen.getByTestId('minutes-workflow-history-toggle'));
      expect(screen.getByTestId('minutes-workflow-history')).toHaveTextContent('Review deadline changed');
      expect(screen.getByTestId('minutes-workflow-history')).toHaveTextContent('No deadline');
    });

    it('a refused date shows the field error under the input, which stays open; Cancel closes it', async () => {
      installFetch(
        on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview()) })),
        on('PATCH', '/api/meetings/1/minutes/review', () => jsonResponse(409, { success: false, message: 'Error in validation', errors: { deadline: ['The review deadline must be in the future.'] } })),
      );
      card();
      fireEvent.click(await screen.findByTestId('minutes-review-deadline-edit'));
      fireEvent.change(screen.getByLabelText('New review deadline'), { target: { value: '2020-01-01T10:00' } });
      fireEvent.click(screen.getByTestId('minutes-review-deadline-save'));
      expect(await screen.findByTestId('minutes-review-deadline-error')).toHaveTextContent('The review deadline must be in the future.');
      expect(screen.getByLabelText('New review deadline')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('New review deadline')).toHaveAccessibleDescription('The review deadline must be in the future.');
      expect(screen.getByTestId('minutes-review-deadline')).toHaveTextContent('Review due by 01 Dec 2026 05:00 PM');
      fireEvent.click(screen.getByTestId('minutes-review-deadline-cancel'));
      expect(screen.queryByTestId('minutes-review-deadline-editor')).toBeNull();
    });

    it('sending again keeps the deadline the card shows now, as the deadline control changed it (the send form has no second input)', async () => {
      const moved = inReview({ review_deadline: '2026-12-02 09:30:00' });
      const calls = installFetch(
        on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview()) })),
        on('PATCH', '/api/meetings/1/minutes/review', answer(aState(moved), 'Review deadline saved')),
        on('POST', '/api/meetings/1/minutes/review', answer(aState(inReview({ review_deadline: '2026-12-02 09:30:00', reviewers: [people[0]] })), 'Minutes sent for review')),
      );
      card();
      await screen.findByTestId('minutes-review-deadline');
      // one date-time input on the card, the deadline control's (closed until Change)
      expect(document.querySelectorAll('input[type="datetime-local"]')).toHaveLength(0);
      fireEvent.click(screen.getByTestId('minutes-review-deadline-edit'));
      expect(document.querySelectorAll('input[type="datetime-local"]')).toHaveLength(1);
      fireEvent.change(screen.getByLabelText('New review deadline'), { target: { value: '2026-12-02T09:30' } });
      fireEvent.click(screen.getByTestId('minutes-review-deadline-save'));
      await waitFor(() => expect(screen.getByTestId('minutes-review-deadline')).toHaveTextContent('Review due by 02 Dec 2026 09:30 AM'));
      // Mark no longer reviews: sent again to Mona, with the deadline just set (not the one the card opened with)
      fireEvent.click(screen.getByLabelText('Mark Member', { selector: '#minutes-reviewer-8' }));
      fireEvent.click(screen.getByTestId('minutes-send-review'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reviewers: [7], deadline: '2026-12-02 09:30:00' });
    });

    it('sending again a review with no deadline sends none', async () => {
      const calls = installFetch(
        on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview({ review_deadline: null })) })),
        on('POST', '/api/meetings/1/minutes/review', answer(aState(inReview({ review_deadline: null })), 'Minutes sent for review')),
      );
      card();
      fireEvent.click(await screen.findByTestId('minutes-send-review'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reviewers: [7, 8] });
    });

    it('past the deadline, sending again waits until the deadline is changed or cleared (the service refuses a passed one)', async () => {
      const late = inReview({ review_deadline: '2026-11-01 09:00:00', review_deadline_passed: true });
      const calls = installFetch(
        on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(late) })),
        on('PATCH', '/api/meetings/1/minutes/review', answer(aState(inReview({ review_deadline: null })), 'Review deadline saved')),
        on('POST', '/api/meetings/1/minutes/review', answer(aState(inReview({ review_deadline: null })), 'Minutes sent for review')),
      );
      card();
      const send = await screen.findByTestId('minutes-send-review');
      expect(send).toBeDisabled();
      expect(screen.getByTestId('minutes-send-again-passed')).toHaveTextContent('The review deadline has passed: change it or clear it above before sending again.');
      expect(send).toHaveAccessibleDescription('The review deadline has passed: change it or clear it above before sending again.');
      fireEvent.click(screen.getByTestId('minutes-review-deadline-clear'));
      await waitFor(() => expect(screen.getByTestId('minutes-send-review')).toBeEnabled());
      expect(screen.queryByTestId('minutes-send-again-passed')).toBeNull();
      fireEvent.click(screen.getByTestId('minutes-send-review'));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reviewers: [7, 8] });
    });

    it.each([
      ['ar', 'انقضى الموعد النهائي للمراجعة: غيّره أو ألغِه في الأعلى قبل الإرسال مرة أخرى.'],
      ['ru', 'Срок рецензирования прошёл: измените или уберите его выше, прежде чем отправить снова.'],
    ])('the passed deadline note in %s', async (lang, text) => {
      installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview({ review_deadline: '2026-11-01 09:00:00', review_deadline_passed: true })) })));
      await act(() => changeLanguage(lang));
      try {
        card();
        expect(await screen.findByTestId('minutes-send-again-passed')).toHaveTextContent(text);
      } finally {
        await act(() => changeLanguage('en'));
      }
    });

    it('a reviewer sees the deadline, in Arabic in Arabic, and no control to change it', async () => {
      installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(inReview({ candidates: [], permissions: wperms({ review_comment: true }) })) })));
      await act(() => changeLanguage('ar'));
      card();
      expect(await screen.findByTestId('minutes-review-deadline')).toHaveTextContent(/^موعد انتهاء المراجعة: 01 ديسمبر 2026 05:00 م$/);
      expect(screen.queryByTestId('minutes-review-deadline-edit')).toBeNull();
      expect(screen.queryByTestId('minutes-review-deadline-clear')).toBeNull();
      await act(() => changeLanguage('en'));
    });
  });

  it('in review: a reviewer comments on a chosen section; the comments show per section', async () => {
    const reviewed = aWorkflow({
      state: 'in_review', reviewers: [people[0]], candidates: [], permissions: wperms({ review_comment: true }),
      review_comments: [{ id: 1, type: 'talking_point', item_id: 5, comment: 'Please name the amount.', user_id: 7, user_name: 'Mona Member', created_at: '2026-11-24 10:00:00' }],
    });
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state: 'in_review', reviewers: [people[0]], candidates: [], permissions: wperms({ review_comment: true }) }), { permissions: { available: true, manage: false, history: false, edit: false, comment: true, done: false, download: false, upload: false, toggleSetting: false, seeCard: true } }) })),
      on('POST', '/api/meetings/1/minutes/review_comments', answer(aState(reviewed), 'Comment added')),
    );
    card();
    expect(await screen.findByTestId('minutes-review-form')).toBeInTheDocument();
    expect(screen.queryByTestId('minutes-send-review')).toBeNull();
    expect(screen.queryByTestId('minutes-send-approval')).toBeNull();
    fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'talking_point:5' } });
    expect(screen.getByTestId('minutes-review-submit')).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Your comment on this section'), { target: { value: 'Please name the amount.' } });
    fireEvent.click(screen.getByTestId('minutes-review-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ type: 'talking_point', item_id: 5, comment: 'Please name the amount.' });
    expect(await screen.findByTestId('minutes-review-section-talking_point-5')).toHaveTextContent('Budget');
    expect(screen.getByTestId('minutes-review-section-talking_point-5')).toHaveTextContent('Mona Member: Please name the amount.');
  });

  it('the owner sees who signs (the chair, then the secretary) and sends for approval with no choice; then the minutes are locked (no Save, no Done)', async () => {
    const sent = aWorkflow({ state: 'in_approval', approvers: [people[1], people[0]], approval_id: 12, signers: [people[1], people[0]], permissions: wperms({ editable: false }) });
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state: 'in_review', reviewers: [people[0]], signers: [people[1], people[0]] })) })),
      on('POST', '/api/meetings/1/minutes/approval', answer(aState(sent), 'Minutes sent for approval')),
    );
    card();
    expect(await screen.findByTestId('minutes-signers')).toHaveTextContent('Signed by (the chair, then the secretary where asked for): Mark Member, Mona Member');
    expect(screen.queryByTestId('minutes-approver-picker')).toBeNull();
    fireEvent.click(screen.getByTestId('minutes-send-approval'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({});
    await waitFor(() => expect(screen.getByTestId('minutes-state')).toHaveTextContent('Awaiting signatures'));
    expect(screen.getByTestId('minutes-locked')).toHaveTextContent('The minutes are locked while they are being signed.');
    expect(screen.getByText('Signed by: Mark Member, Mona Member')).toBeInTheDocument();
    expect(screen.queryByTestId('minutes-send-approval')).toBeNull();
    expect(screen.queryByTestId('minutes-signers')).toBeNull();
    fireEvent.click(screen.getByTestId('minutes-manage'));
    await screen.findByTestId('minutes-dialog');
    expect(screen.queryByTestId('minutes-save')).toBeNull();
    expect(screen.queryByTestId('minutes-done')).toBeNull();
  });

  it.each([
    [['chair'] as const, ["Name the meeting's chair (the “Running the meeting” card) before sending for approval: the chair signs the minutes."]],
    [['secretary'] as const, ["Name the meeting's secretary (the “Running the meeting” card) before sending for approval: this organization has the secretary sign after the chair."]],
  ])('no %s named: the owner is told which role to name, and there is no Send for approval', async (missing, texts) => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, {
      success: true, data: aState(aWorkflow({ signers: [], signers_missing: [...missing], permissions: wperms({ send_review: true, send_approval: false }) })),
    })));
    card();
    expect(await screen.findByTestId(`minutes-signer-missing-${missing[0]}`)).toHaveTextContent(texts[0]);
    expect(screen.queryByTestId('minutes-send-approval')).toBeNull();
    expect(screen.queryByTestId('minutes-signers')).toBeNull();
    expect(screen.getByTestId('minutes-send-review')).toBeInTheDocument();
  });

  it('an archived meeting without a chair: the owner chooses who chaired it, then sends for approval with that person (issue 27)', async () => {
    const archived = aWorkflow({ signers: [], signers_missing: ['chair'], name_signers: true, signer_candidates: [{ user_id: 1, name: 'Chair Person' }, ...people], permissions: wperms({ send_review: true, send_approval: true }) });
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(archived, { meeting_status_id: 5 }) })),
      on('POST', '/api/meetings/1/minutes/approval', answer(aState(aWorkflow({ state: 'in_approval', approvers: [people[1]], permissions: wperms({ editable: false }) }), { meeting_status_id: 5 }), 'Minutes sent for approval')),
    );
    card();
    const choose = await screen.findByLabelText('The meeting is archived without a chair: choose who chaired it (they sign the minutes)');
    expect(screen.queryByTestId('minutes-signer-missing-chair')).toBeNull();
    expect(screen.getByTestId('minutes-send-approval')).toBeDisabled();
    fireEvent.change(choose, { target: { value: '8' } });
    expect(screen.getByTestId('minutes-send-approval')).toBeEnabled();
    fireEvent.click(screen.getByTestId('minutes-send-approval'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ chair_user_id: 8 });
    await waitFor(() => expect(screen.getByTestId('minutes-state')).toHaveTextContent('Awaiting signatures'));
  });

  it('approved: Publish; published: Start a correction, and the history of each step and the signed version', async () => {
    const history: MinutesWorkflow['history'] = [
      { edition: 1, action: 'started', state: 'draft', actor_id: 1, actor_name: 'Chair Person', note: null, at: '2026-11-24 09:00:00' },
      { edition: 1, action: 'approved', state: 'approved', actor_id: null, actor_name: 'Mark Member', note: null, at: '2026-11-24 11:00:00' },
    ];
    const publishedHistory = [...history, { edition: 1, action: 'published' as const, state: 'published' as const, actor_id: 1, actor_name: 'Chair Person', note: null, at: '2026-11-24 12:00:00' }];
    const published = aState(aWorkflow({ state: 'published', history: publishedHistory, permissions: wperms({ correct: true, editable: false }) }), {
      mom_versions: [
        { id: 4, version: 2, library_id: 41, file_url: 'http://s3.test/v2.pdf', updated_at: '2026-11-24 12:00:00', source: 'signed', lang: 'en' },
        { id: 3, version: 1, library_id: 40, file_url: 'http://s3.test/v1.pdf', updated_at: '2026-11-24 10:00:00', source: 'rendered', lang: 'en' },
      ],
    });
    const corrected = aState(aWorkflow({ edition: 2, state: 'draft', history: [...publishedHistory, { edition: 2, action: 'correction_started', state: 'draft', actor_id: 1, actor_name: 'Chair Person', note: null, at: '2026-11-25 09:00:00' }] }));
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state: 'approved', history, permissions: wperms({ publish: true, editable: false }) })) })),
      on('POST', '/api/meetings/1/minutes/publish', answer(published, 'Minutes published')),
      on('POST', '/api/meetings/1/minutes/correction', answer(corrected, 'A correction of the minutes was started')),
    );
    card();
    expect(await screen.findByTestId('minutes-state')).toHaveTextContent('Approved');
    fireEvent.click(screen.getByTestId('minutes-publish'));
    await waitFor(() => expect(screen.getByTestId('minutes-state')).toHaveTextContent('Published'));
    expect(calls.find((c) => c.url.endsWith('/publish'))!.body).toEqual({});
    expect(screen.getByTestId('minutes-locked')).toHaveTextContent('The published minutes are locked. Start a correction to change them.');
    fireEvent.click(screen.getByTestId('minutes-history'));
    expect(await screen.findByTestId('minutes-version-signed-2')).toHaveTextContent('Signed');
    fireEvent.click(screen.getByTestId('minutes-workflow-history-toggle'));
    const list = screen.getByTestId('minutes-workflow-history');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Edition 1Draft startedChair Person2026-11-24 - 09:00 AM',
      'Edition 1ApprovedMark Member2026-11-24 - 11:00 AM',
      'Edition 1PublishedChair Person2026-11-24 - 12:00 PM',
    ]);
    fireEvent.click(screen.getByTestId('minutes-correct'));
    await waitFor(() => expect(screen.getByText('Edition 2')).toBeInTheDocument());
    expect(screen.getByTestId('minutes-state')).toHaveTextContent('Draft');
    expect(screen.queryByTestId('minutes-locked')).toBeNull();
  });

  it('in Arabic the states, pickers and buttons are Arabic', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state: 'in_review' })) })));
    await act(() => changeLanguage('ar'));
    try {
      card();
      expect(await screen.findByTestId('minutes-state')).toHaveTextContent('قيد المراجعة');
      expect(screen.getByTestId('minutes-send-approval')).toHaveTextContent('إرسال للاعتماد');
      expect(screen.getByText('المراجعون')).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('no workflow (minutes not available): no workflow panel', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(null) })));
    card();
    await screen.findByTestId('minutes-card');
    expect(screen.queryByTestId('minutes-workflow')).toBeNull();
  });

  it("sending for approval refreshes the meeting's approvals card: the new approval shows without a reload", async () => {
    const sent = aWorkflow({ state: 'in_approval', approvers: [people[1]], approval_id: 12, permissions: wperms({ editable: false }) });
    const approval = {
      id: 12, title: 'Minutes: Board meeting', description: null, status: 'pending', sender: { id: 1, name: 'Owner' }, user_id: 1, committee_id: null, meeting_id: 1,
      documents: [], my_status: null, created_at: '2026-11-24 15:00:00', updated_at: '2026-11-24 15:00:00',
      assignees: [{ id: 1, user_id: 8, user: { id: 8, name: 'Mark Member', image: null }, user_email: 'mark@demo.test', guest_name: null, guest: false, order: 1, status: 1, can_edit: false, comment: null, committee_id: null, updated_at: '2026-11-24 15:00:00' }],
    };
    let made = false;
    const calls = installFetch(
      on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state: 'in_review', reviewers: [people[0]] })) })),
      on('POST', '/api/meetings/1/minutes/approval', () => { made = true; return answer(aState(sent), 'Minutes sent for approval')(); }),
      on('GET', '/api/approvals', () => jsonResponse(200, { success: true, data: made ? [approval] : [], meta: { page: 1, per_page: 100, total: made ? 1 : 0, last_page: 1 } })),
    );
    renderWithApp(
      <>
        <MinutesCard meeting={aMeeting({ meeting_status_id: 3 })} />
        <ApprovalsCard meeting={{ id: 1 }} />
      </>,
    );
    expect(await screen.findByTestId('meeting-approvals-empty')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('minutes-send-approval'));
    expect(await screen.findByText('Minutes: Board meeting')).toBeInTheDocument();
    expect(screen.getAllByTestId('meeting-approval-recipient')[0]).toHaveTextContent('Mark Member');
    // asked once on load and once for the new approval, not on every render
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/approvals'))).toHaveLength(2);
  });

  it('the language of the PDF is offered while the minutes can change, not while they are locked', async () => {
    installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state: 'in_review', reviewers: [people[0]] })) })));
    const first = card();
    expect(await screen.findByTestId('minutes-lang-select')).toBeInTheDocument();
    first.unmount();
    for (const state of ['in_approval', 'approved', 'published'] as const) {
      installFetch(on('GET', '/api/meetings/1/minutes', () => jsonResponse(200, { success: true, data: aState(aWorkflow({ state, approval_id: 12, permissions: wperms({ editable: false }) })) })));
      const view = renderWithApp(<MinutesCard meeting={aMeeting({ id: 1, meeting_status_id: state === 'in_approval' ? 4 : 5 })} />);
      expect(await screen.findByTestId('minutes-state')).toBeInTheDocument();
      expect(screen.queryByTestId('minutes-lang')).toBeNull();
      view.unmount();
    }
  });
});
