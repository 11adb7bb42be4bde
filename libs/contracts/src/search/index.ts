export * from './search.fold';
export * from './search.schemas';
export * from './search.routes';
