/**
 * The shortest password the server accepts, for the hints on the signed-out pages. It repeats
 * @speedway/contracts' PASSWORD_MIN_LENGTH because that module brings zod and every schema with
 * it, which those pages load only when a form is used (load-on-use.ts); password-rules.test.ts
 * keeps the two equal.
 */
export const PASSWORD_MIN_LENGTH = 8;
