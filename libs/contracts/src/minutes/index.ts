export * from './minutes.errors';
export * from './minutes.schemas';
export * from './conclusions';
export * from './minutes.http';
export * from './minutes.rpc';
export * from './minutes.jobs';
export * from './minutes.routes';
export * from './report';
import './minutes.messages';
