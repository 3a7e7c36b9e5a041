export * from './users';
export * from './sessions';
export * from './tokens';
export * from './system';
export * from './official';
export * from './matches';
export * from './user-matches';
