export * from './approval.signing-order';
export * from './approval.errors';
export * from './approval.schemas';
export * from './approval.http';
export * from './approval.rpc';
export * from './approval.events';
export * from './approval.routes';
export * from './approval.jobs';
import './approval.messages';
