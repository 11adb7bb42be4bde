import { z } from 'zod';

/**
 * One definition per message. Every NATS RPC, JetStream event and BullMQ job is declared once here,
 * with zod schemas that both sides use: the sender validates what it sends, the receiver what it gets.
 *
 * Subjects: `<owner>.v1.<verb>` (three tokens) for RPC and `<owner>.v1.<noun>.<past-tense>` (four
 * tokens) for events, so a stream bound to `<owner>.v1.*.*` never captures an RPC request.
 */
const RPC_SUBJECT = /^[a-z]+\.v1\.[a-z0-9-]+$/;
const EVENT_SUBJECT = /^[a-z]+\.v1\.[a-z0-9-]+\.[a-z0-9-]+$/;

export interface RpcDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'rpc';
  readonly subject: string;
  readonly owner: string;
  readonly request: Req;
  readonly response: Res;
  readonly timeoutMs?: number;
}

export interface EventDef<P extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly owner: string;
  /** JetStream stream that holds the owner's events: upper-case owner, e.g. ORGANIZATION */
  readonly stream: string;
  readonly payload: P;
}

export interface JobDef<P extends z.ZodType = z.ZodType> {
  readonly kind: 'job';
  readonly queue: string;
  readonly name: string;
  /** The service whose worker processes this job (exactly one processor per job). */
  readonly owner: string;
  readonly payload: P;
  readonly attempts?: number;
  readonly backoffMs?: number;
}

export type RequestOf<T extends RpcDef> = z.output<T['request']>;
export type RequestInputOf<T extends RpcDef> = z.input<T['request']>;
export type ResponseOf<T extends RpcDef> = z.output<T['response']>;
export type PayloadOf<T extends EventDef | JobDef> = z.output<T['payload']>;
export type PayloadInputOf<T extends EventDef | JobDef> = z.input<T['payload']>;

function ownerOf(subject: string): string {
  return subject.split('.')[0];
}

export function defineRpc<Req extends z.ZodType, Res extends z.ZodType>(def: {
  subject: string;
  request: Req;
  response: Res;
  timeoutMs?: number;
}): RpcDef<Req, Res> {
  if (!RPC_SUBJECT.test(def.subject)) throw new Error(`RPC subject must be <owner>.v1.<verb>: ${def.subject}`);
  return { kind: 'rpc', owner: ownerOf(def.subject), ...def };
}

export function defineEvent<P extends z.ZodType>(def: { subject: string; payload: P }): EventDef<P> {
  if (!EVENT_SUBJECT.test(def.subject)) throw new Error(`event subject must be <owner>.v1.<noun>.<past>: ${def.subject}`);
  const owner = ownerOf(def.subject);
  return { kind: 'event', owner, stream: streamOf(owner), ...def };
}

export function defineJob<P extends z.ZodType>(def: {
  queue: string;
  name: string;
  owner: string;
  payload: P;
  attempts?: number;
  backoffMs?: number;
}): JobDef<P> {
  return { kind: 'job', ...def };
}

/** The JetStream stream of an owner's events and the subjects it binds. */
export function streamOf(owner: string): string {
  return owner.toUpperCase().replace(/-/g, '_');
}
export function streamSubjects(owner: string): string[] {
  return [`${owner}.v1.*.*`];
}
