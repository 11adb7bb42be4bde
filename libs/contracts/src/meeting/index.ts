export * from './meeting.constants';
export * from './meeting.dates';
export * from './meeting.errors';
export * from './meeting.http';
export * from './meeting.schemas';
export * from './meeting.rpc';
export * from './meeting.events';
import './meeting.messages';
export * from './decisions.routes';
