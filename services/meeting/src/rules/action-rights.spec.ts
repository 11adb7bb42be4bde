import { actionRights, type ActionFacts } from './action-rights';

const now = new Date('2030-01-01T10:00:00Z');
const future = new Date('2030-01-02T10:00:00Z');
const past = new Date('2029-12-31T10:00:00Z');
const editor = { userCanEdit: true, editButtons: true, comment: true, addAttachments: true };
const participant = { userCanEdit: false, editButtons: false, comment: true, addAttachments: false };

describe('action rights', () => {
  const rows: Array<[string, Partial<ActionFacts>, Record<string, boolean>]> = [
    ['editor, open action', { perms: editor }, { locked: false, edit: true, delete: true, changeOwnStatus: false, comment: true, addAttachments: true }],
    ['editor, locked action', { perms: editor, openTill: past }, { locked: true, edit: false, delete: true, changeOwnStatus: false, comment: true, addAttachments: false }],
    ['participant of it', { perms: participant, isParticipant: true }, { locked: false, edit: false, delete: false, changeOwnStatus: true, comment: true, addAttachments: false }],
    ['participant, locked', { perms: participant, isParticipant: true, openTill: past }, { locked: true, edit: false, delete: false, changeOwnStatus: false, comment: true, addAttachments: false }],
    ['participant, cancelled meeting', { perms: participant, isParticipant: true, meetingStatusId: 4 }, { locked: false, edit: false, delete: false, changeOwnStatus: false, comment: true, addAttachments: false }],
    ['participant, archived meeting', { perms: participant, isParticipant: true, meetingStatusId: 5 }, { locked: false, edit: false, delete: false, changeOwnStatus: false, comment: true, addAttachments: false }],
    ['no meeting rights', { perms: null, isParticipant: true, meetingStatusId: null }, { locked: false, edit: false, delete: false, changeOwnStatus: false, comment: false, addAttachments: false }],
  ];
  it.each(rows)('%s', (_name, f, want) => {
    expect(actionRights({ openTill: future, now, meetingStatusId: 2, perms: null, isParticipant: false, ...f })).toEqual(want);
  });
});
