import { documentsOf, presentersOf, type ClientFrame, type Presenter } from '@app/contracts';
import { defaultPresenter, handleFrame, join, newRoom, type Participant, type RoomState } from './room-rules';

const presenter = (user_id: number, docs: number[]): Presenter => ({
  id: user_id * 10, user_id, user: { name: `U${user_id}`, image: null }, user_email: `u${user_id}@x.test`, color: '#e53935', docs,
});
const P = [presenter(1, [100, 101]), presenter(2, [200])];
const me = (userId: number | null, o: Partial<Participant> = {}): Participant => ({ userId, guest: userId == null, name: `U${userId}`, canManage: false, ...o });
const room = (o: Partial<RoomState> = {}): RoomState => ({ ...newRoom(100), presenterUserId: 1, ...o });
const ctx = (o: { state?: RoomState; me?: Participant } = {}) => ({ state: o.state ?? room(), presenters: P, documents: new Set([100, 101, 200, 300]), me: o.me ?? me(1) });

describe('defaultPresenter: presenters whose docs include the document first, else the user\'s own entry', () => {
  it.each([
    ['the presenter who holds the document', 100, 2, 1],
    ['another document held by presenter 2', 200, 1, 2],
    ['nobody holds it: the joining presenter', 300, 2, 2],
    ['nobody holds it and the user presents nothing', 300, 9, null],
    ['nobody holds it and a guest joins', 300, null, null],
  ])('%s', (_name, doc, userId, expected) => {
    expect(defaultPresenter(P, doc, userId)).toBe(expected);
  });
});

describe('handleFrame', () => {
  const cases: Array<[string, ClientFrame, { state?: RoomState; me?: Participant }, (o: ReturnType<typeof handleFrame>) => void]> = [
    ['the presenter changes slide: stored and broadcast', { type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 3 } }, {}, (o) => {
      expect(o.state?.slide).toBe(3);
      expect(o.broadcast).toEqual([{ type: 'actions', action: { type: 'SLIDE_CHANGE', slide: 3 } }]);
    }],
    ['the same slide again changes nothing', { type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 0 } }, {}, (o) => {
      expect(o.state).toBeUndefined();
      expect(o.broadcast).toEqual([]);
    }],
    ["a viewer's SLIDE_CHANGE is refused to the viewer only", { type: 'forward', action: { type: 'SLIDE_CHANGE', slide: 3 } }, { me: me(2) }, (o) => {
      expect(o.state).toBeUndefined();
      expect(o.broadcast).toEqual([]);
      expect(o.reply[0]).toMatchObject({ type: 'error', code: 'NOT_PRESENTER' });
    }],
    ["a guest's POINTER is refused", { type: 'forward', action: { type: 'POINTER', x: 0.5, y: 0.5, visible: true } }, { me: me(null) }, (o) => {
      expect(o.reply[0]).toMatchObject({ code: 'NOT_PRESENTER' });
    }],
    ['drawing is appended to history and broadcast', { type: 'forward', action: { type: 'OPERATION', slide: 2, operations: [{ kind: 'clear' }] } }, {}, (o) => {
      expect(o.append).toEqual([{ slide: 2, operation: { kind: 'clear' } }]);
      expect(o.broadcast).toHaveLength(1);
    }],
    ['the pointer is broadcast, not stored', { type: 'forward', action: { type: 'POINTER', x: 0.1, y: 0.9, visible: true } }, {}, (o) => {
      expect(o.state).toBeUndefined();
      expect(o.append).toBeUndefined();
      expect(o.broadcast).toHaveLength(1);
    }],
    ['scale is stored', { type: 'forward', action: { type: 'SCALE_CANVAS', scale: 1.5 } }, {}, (o) => expect(o.state?.scale).toBe(1.5)],
    ['flush by the presenter clears the drawing and sends everyone an empty history', { type: 'flush' }, {}, (o) => {
      expect(o.clearHistory).toBe(true);
      expect(o.broadcast[0]).toMatchObject({ type: 'history', history: { operations: [] } });
    }],
    ['flush by a viewer is refused', { type: 'flush' }, { me: me(2) }, (o) => expect(o.clearHistory).toBeUndefined()],
    ['the presenter hands over to another presenter', { type: 'change_presenter', user_id: 2 }, {}, (o) => {
      expect(o.state?.presenterUserId).toBe(2);
      expect(o.broadcast[0]).toMatchObject({ type: 'presenter_changed', presenter: { user_id: 2 } });
    }],
    ['the organizer (not presenting) may hand over', { type: 'change_presenter', user_id: 2 }, { me: me(7, { canManage: true }) }, (o) => expect(o.state?.presenterUserId).toBe(2)],
    ['a viewer may not hand over', { type: 'change_presenter', user_id: 2 }, { me: me(2) }, (o) => expect(o.reply[0]).toMatchObject({ code: 'NOT_PRESENTER' })],
    ['only presenters of the meeting can be chosen', { type: 'change_presenter', user_id: 9 }, {}, (o) => expect(o.reply[0]).toMatchObject({ code: 'NOT_A_PRESENTER' })],
    ['the presenter moves everyone to another document at slide 0', { type: 'change_document', document: 200 }, { state: room({ slide: 4 }) }, (o) => {
      expect(o.broadcast).toEqual([{ type: 'document_changed', document: 200, slide: 0 }]);
      expect(o.currentDocument).toBe(200);
    }],
    ['a document that is not part of the meeting is refused', { type: 'change_document', document: 999 }, {}, (o) => expect(o.reply[0]).toMatchObject({ code: 'UNKNOWN_DOCUMENT' })],
    ['a viewer cannot change the document', { type: 'change_document', document: 200 }, { me: me(2) }, (o) => expect(o.currentDocument).toBeUndefined()],
    ['history is sent to whoever asks', { type: 'history' }, { me: me(null) }, (o) => expect(o.sendHistory).toBe(true)],
    ['current_presenter tells the viewer who presents', { type: 'current_presenter' }, { me: me(2) }, (o) => {
      expect(o.reply).toEqual([{ type: 'current_presenter', presenter: P[0], you_present: false }]);
    }],
    ['current_document answers the room\'s document and slide', { type: 'current_document' }, { state: room({ slide: 2 }) }, (o) => {
      expect(o.reply).toEqual([{ type: 'document_changed', document: 100, slide: 2 }]);
    }],
  ];
  it.each(cases)('%s', (_name, frame, c, check) => check(handleFrame(ctx(c), frame)));
});

describe('join', () => {
  it('announces the newcomer to the presenter only and sends the history', () => {
    const o = join(ctx({ me: me(2) }));
    expect(o.toPresenter).toEqual([{ type: 'actions', action: { type: 'joinUser', user: { user_id: 2, name: 'U2', guest: false } } }]);
    expect(o.broadcast).toEqual([]);
    expect(o.sendHistory).toBe(true);
    expect(o.reply).toEqual([{ type: 'current_presenter', presenter: P[0], you_present: false }]);
  });
  it('chooses the default presenter when nobody presents yet, and announces it', () => {
    const o = join(ctx({ state: newRoom(200), me: me(1) }));
    expect(o.state?.presenterUserId).toBe(2);
    expect(o.broadcast).toContainEqual({ type: 'presenter_changed', presenter: P[1] });
  });
  it('keeps the chosen presenter', () => {
    expect(join(ctx({ state: room({ presenterUserId: 2 }), me: me(1) })).state).toBeUndefined();
  });
  it('a guest joining a room with no presenter for its document leaves nobody presenting', () => {
    const o = join(ctx({ state: newRoom(300), me: me(null) }));
    expect(o.state).toBeUndefined();
    expect(o.reply[0]).toMatchObject({ presenter: null, you_present: false });
  });
});

describe('presenters and documents of a meeting', () => {
  const person = (id: number, user_id: number | null) => ({ id, user_id, user_email: null, user: user_id ? { id: user_id, name: `P${user_id}`, image: null, position: null, email: null, designation: null } : null });
  const att = (library_id: number) => ({ id: library_id, library_id, name: null, size: null, file_url: null, library: { id: library_id, name: null, size: null, file_url: null } });
  const meeting = {
    agendas: [
      {
        agenda_type: 'talking_point', agenda_type_id: 1, row_num: 1,
        data: [{
          agenda_type: 'talking_point', presenters: [person(1, 5), person(2, null)], attachments: [att(10), att(11)],
          subpoints: [{ presenter: person(3, 6), attachments: [att(12)] }, { presenter: person(4, 5), attachments: [att(13)] }],
        }],
      },
      { agenda_type: 'decision', agenda_type_id: 2, row_num: 2, data: [{ agenda_type: 'decision', attachments: [att(20)] }] },
    ],
  } as never;
  it('one entry per user with the files of the items they present; people without an account are left out', () => {
    const list = presentersOf(meeting);
    expect(list.map((p) => [p.user_id, p.docs])).toEqual([[5, [10, 11, 13]], [6, [12]]]);
    expect(new Set(list.map((p) => p.color)).size).toBe(2);
  });
  it('documents are every file attached anywhere on the agenda', () => {
    expect([...documentsOf(meeting)].sort((a, b) => a - b)).toEqual([10, 11, 12, 13, 20]);
  });
});
