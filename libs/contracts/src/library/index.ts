export * from './library.kinds';
export * from './library.errors';
export * from './library.schemas';
export * from './library.http';
export * from './library.rpc';
export * from './library.events';
export * from './library.routes';
export * from './library.policy';
import './library.messages';
