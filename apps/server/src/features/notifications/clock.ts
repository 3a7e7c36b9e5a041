/**
 * The notification feature's idea of "now" (quiet hours, reminder times, stale pushes). Tests set
 * `clock.now` to move time; pg-boss still schedules by the database's clock.
 */
export const clock = { now: (): Date => new Date() };
