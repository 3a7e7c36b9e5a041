export * from './errors';
export * from './common';
export * from './auth';
export * from './account';
export * from './official-data';
export * from './matches';
export * from './official-matches';
export * from './teams';
