export * from './users';
export * from './sessions';
export * from './tokens';
export * from './system';
