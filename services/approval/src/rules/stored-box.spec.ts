import { fromStored, type StoredBox } from './stored-box';

const box = (over: Partial<StoredBox>): StoredBox => ({ libraryId: 11, pageNum: 1, type: 'signature', px: 10, py: 20, width: 150, height: 50, pageWidth: 612, pageHeight: 792, options: {}, ...over });
const none = { displayOnBottom: false, showName: false, showTitle: false, showDate: false, showReason: false, applyToAll: false };

describe('fromStored: a stored box as a placement to stamp', () => {
  it.each<[string, StoredBox, unknown[]]>([
    ['a stamp box is not stamped from the details page', box({ type: 'stamp', options: none }), []],
    ['a box with no lines chosen shows the name and date inside', box({ options: none }), [{ showName: true, showDate: true, inside: true }]],
    ['a box with lines chosen keeps them', box({ options: { ...none, showTitle: true } }), [{ showName: false, showTitle: true, showDate: false }]],
  ])('%s', (_name, stored, want) => {
    const got = fromStored(stored);
    expect(got).toHaveLength(want.length);
    got.forEach((p, i) => {
      expect(p).toMatchObject({ library_id: 11, pageNum: 1, type: 'signature', px: 10, py: 20, width: 150, height: 50, pageWidth: 612, pageHeight: 792 });
      expect(p.options).toMatchObject(want[i] as object);
    });
  });
});
