export * from './presentation.frames';
export * from './presentation.rpc';
export * from './presentation.routes';
export * from './throttle';
export * from './presenters';
export * from './presentation.jobs';
