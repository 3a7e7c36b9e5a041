// @speedway/rules: the sport's rules, once, for the server (authoritative checks) and the web app
// (what is enabled, hints, statistics). Pure functions over plain serialisable data.
export * from './types';
export * from './messages';
export * from './rulebooks';
export * from './lineups';
export * from './bonus';
export * from './scoring';
export * from './heat';
export * from './match';
export * from './tactical';
export * from './substitution';
export * from './heat-save';
export * from './nomination';
export * from './stats';
export * from './comparison';
export * from './standings';
export * from './official';
export * from './protocol-view';
export * from './rule-errors';
export * from './scoresheet';
export * from './rulebook-fit';
export * from './season-stats';
