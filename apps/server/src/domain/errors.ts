/**
 * A rule of the shop was broken. Services and use cases throw these; `http/errors.ts` maps them to
 * replies once (status and code), so the domain never speaks HTTP itself.
 */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
export class Invalid extends DomainError {
  constructor(message: string) {
    super(400, 'invalid', message);
  }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Sign in to continue') {
    super(401, 'unauthorized', message);
  }
}
export class Forbidden extends DomainError {
  constructor(message = 'You are not allowed to do that') {
    super(403, 'forbidden', message);
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}
