import { ErrorCodes, type ErrorCode, type ErrorResponse } from '@speedway/contracts';

/** An expected failure with a Swedish message for the user; anything else is a masked 500. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 400 found outside a route's zod schema (the input guard, a service), naming its fields. */
export class InvalidInputError extends AppError {
  constructor(
    message: string,
    readonly details: NonNullable<ErrorResponse['details']>,
  ) {
    super(400, ErrorCodes.VALIDATION, message);
    this.name = 'InvalidInputError';
  }
}

export const badRequest = (message: string, code: ErrorCode = ErrorCodes.VALIDATION) =>
  new AppError(400, code, message);
export const unauthorized = (
  message = 'Du måste logga in.',
  code: ErrorCode = ErrorCodes.UNAUTHORIZED,
) => new AppError(401, code, message);
export const forbidden = (
  message = 'Du har inte behörighet till detta.',
  code: ErrorCode = ErrorCodes.FORBIDDEN,
) => new AppError(403, code, message);
export const notFound = (message = 'Hittades inte.', code: ErrorCode = ErrorCodes.NOT_FOUND) =>
  new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = ErrorCodes.CONFLICT) =>
  new AppError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'För många försök.') =>
  new AppError(
    429,
    ErrorCodes.RATE_LIMITED,
    `${message} Försök igen om ${formatWait(retryAfterSeconds)}.`,
    { 'retry-after': String(retryAfterSeconds) },
  );

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} sekunder`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minut' : `${minutes} minuter`;
}
