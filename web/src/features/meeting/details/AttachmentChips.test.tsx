import type { Attachment } from '@app/contracts';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { attachmentIcon, attachmentPath, AttachmentChips, AttachmentLinks, isPresentable } from './AttachmentChips';

const attachment = (id: number, name: string, size = 2048): Attachment => ({
  id: id * 10, library_id: id, name, size, file_url: null, library: { id, name, size, file_url: null },
});

describe('type icons of attached files', () => {
  it.each([
    [{ name: 'Budget.pdf' }, 'pi-file-pdf', 'pdf'],
    [{ name: 'Minutes.docx' }, 'pi-file-word', 'word'],
    [{ name: 'Figures.xlsx' }, 'pi-file-excel', 'excel'],
    [{ name: 'Deck.pptx' }, 'pi-desktop', 'powerpoint'],
    [{ name: 'Invitation.eml' }, 'pi-envelope', 'email'],
    [{ name: 'Recording.wav' }, 'pi-volume-up', 'audio'],
    [{ name: 'Notes.txt' }, 'pi-file', 'text'],
    // the picker gives the type: it wins over a name without an extension
    [{ name: 'Budget', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, 'pi-file-excel', 'excel'],
    [{ name: 'Board pack', type: 'application/pdf' }, 'pi-file-pdf', 'pdf'],
  ])('%j has the %s icon', (file, icon, kind) => {
    expect(attachmentIcon(file).split(' ')).toEqual(expect.arrayContaining([icon, `file-icon--${kind}`]));
  });
});

describe('which attached files can be presented live', () => {
  it.each([
    [attachment(1, 'Slides.pdf'), true],
    [attachment(2, 'SLIDES.PDF'), true],
    [attachment(3, 'Deck.pptx'), false],
    [attachment(4, 'Invitation.eml'), false],
    [attachment(5, 'Recording.wav'), false],
    [{ ...attachment(6, 'x'), name: null, library: { id: 6, name: 'Board pack.pdf', size: 1, file_url: null } }, true],
  ])('%j: %s', (a, presentable) => {
    expect(isPresentable(a)).toBe(presentable);
  });
});

describe('where an attached file opens', () => {
  it.each([
    [attachment(7, 'Budget.pdf'), 12, undefined, '/doc-view?id=7&doc=Budget.pdf&meeting_id=12'],
    [attachment(8, 'Figures.xlsx'), 12, undefined, '/sheets/8/12'],
    [attachment(9, 'Minutes.docx'), 12, undefined, '/viewer/12/9'],
    [attachment(9, 'Invitation.eml'), 12, 'g t', '/viewer/12/9?token=g%20t'],
    [attachment(7, 'Budget.pdf'), 12, 'tok', '/doc-view?id=7&doc=Budget.pdf&meeting_id=12&token=tok'],
    [attachment(10, 'Resolution.pdf'), null, undefined, '/doc-view?id=10&doc=Resolution.pdf'],
  ])('%j in meeting %s (token %s) opens %s', (a, meetingId, token, path) => {
    expect(attachmentPath(a, meetingId, token)).toBe(path);
  });
});

describe('attachment chips', () => {
  it('editing: each chip shows the icon of its kind', () => {
    renderWithApp(<AttachmentChips testId="tp-attachments" items={[{ library_id: 1, name: 'Minutes.docx' }, { library_id: 2, name: 'Budget.pdf' }, { library_id: 3, name: 'Sheet', type: 'application/vnd.ms-excel' }]} onChange={() => undefined} />);
    const icons = [...screen.getByTestId('tp-attachments').querySelectorAll('.p-chip .file-icon')].map((i) => [...i.classList].find((c) => c.startsWith('file-icon--')));
    expect(icons).toEqual(['file-icon--word', 'file-icon--pdf', 'file-icon--excel']);
  });

  it('reading: each file is a link to its viewer with its icon, name and size', () => {
    renderWithApp(<AttachmentLinks items={[attachment(4, 'Recording.wav', 3 * 1024 * 1024), attachment(5, 'Budget.pdf')]} meetingId={3} />);
    const links = screen.getAllByTestId('attachment-link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/viewer/3/4', '/doc-view?id=5&doc=Budget.pdf&meeting_id=3']);
    expect(links.map((l) => l.querySelector('.file-icon')!.getAttribute('data-kind'))).toEqual(['audio', 'pdf']);
    expect(links[0]).toHaveTextContent('Recording.wav');
    expect(links[0]).toHaveTextContent('3.0 MB');
  });
});
