import { PDFDocument } from 'pdf-lib';
import { readOutline, writeOutline } from './outline';

describe('writeOutline (PDF bookmarks with pdf-lib)', () => {
  it('writes sections with their files, each opening its page, and reads back the same tree after a save', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 6; i++) doc.addPage();
    writeOutline(doc, [
      { title: 'Cover', page: 0 },
      { title: '1. الميزانية', page: 2, children: [{ title: 'budget.pdf', page: 2 }, { title: 'capex.pdf', page: 4 }] },
      { title: '2. Venue', page: 5, children: [{ title: 'venue.pdf', page: 5 }] },
    ]);
    const again = await PDFDocument.load(await doc.save());
    expect(readOutline(again)).toEqual([
      { title: 'Cover', page: 0, children: [] },
      { title: '1. الميزانية', page: 2, children: [{ title: 'budget.pdf', page: 2, children: [] }, { title: 'capex.pdf', page: 4, children: [] }] },
      { title: '2. Venue', page: 5, children: [{ title: 'venue.pdf', page: 5, children: [] }] },
    ]);
  });

  it('writes nothing for no entries', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    writeOutline(doc, []);
    expect(readOutline(doc)).toEqual([]);
  });
});
