export * from './infra';
export * from './factories';
export * from './wait';
export * from './mail';
export * from './service';
export * from './raw-http';
export * from './library-files';
