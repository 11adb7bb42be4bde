import { z } from 'zod';
import { AppError } from './errors';
import { defineEvent, defineJob, defineRpc, streamOf, streamSubjects } from './define';

describe('message definitions', () => {
  it.each(['meeting.v1.change-status', 'organization.v1.login', 'a.v1.b'])('accepts RPC subject %s', (subject) => {
    expect(defineRpc({ subject, request: z.object({}), response: z.object({}) }).owner).toBe(subject.split('.')[0]);
  });
  it.each(['meeting.v1.meeting.scheduled', 'Meeting.v1.x', 'meeting.v2.x', 'meeting.v1', 'meeting.v1.a b'])('rejects RPC subject %s', (subject) => {
    expect(() => defineRpc({ subject, request: z.object({}), response: z.object({}) })).toThrow();
  });
  it.each(['meeting.v1.meeting.scheduled', 'organization.v1.user.invited'])('accepts event subject %s', (subject) => {
    const e = defineEvent({ subject, payload: z.object({}) });
    expect(e.stream).toBe(subject.split('.')[0].toUpperCase());
  });
  it.each(['meeting.v1.scheduled', 'meeting.v1.a.b.c'])('rejects event subject %s', (subject) => {
    expect(() => defineEvent({ subject, payload: z.object({}) })).toThrow();
  });
  it('an event stream never captures an RPC subject (3 tokens vs 4)', () => {
    const [pattern] = streamSubjects('meeting');
    const tokens = pattern.split('.');
    expect(tokens).toHaveLength(4);
    expect('meeting.v1.change-status'.split('.')).toHaveLength(3);
    expect(streamOf('meeting-x')).toBe('MEETING_X');
  });
  it('jobs carry their queue, name and owner', () => {
    expect(defineJob({ queue: 'email', name: 'send', owner: 'notification', payload: z.object({}) })).toMatchObject({ kind: 'job', queue: 'email' });
  });
  it('AppError survives JSON', () => {
    const e = AppError.validation({ title: 'This field is required.' }, { n: 1 });
    const back = AppError.fromJSON(JSON.parse(JSON.stringify(e.toJSON())));
    expect(back).toBeInstanceOf(AppError);
    expect(back.code).toBe('VALIDATION');
    expect(back.status).toBe(409);
    expect(back.fields).toEqual({ title: ['This field is required.'] });
    expect(back.params).toEqual({ n: 1 });
  });
});
