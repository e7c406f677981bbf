// RFC 9457 problem details: every error this service answers, with a stable machine `code`.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail: string;
  [extra: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Thrown anywhere in a handler; the app's error handler answers it as problem+json. */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${code}: ${detail}`);
  }
}

export function problemBody(status: number, code: string, detail: string, extra: Record<string, unknown> = {}): Problem {
  return {
    type: `https://offiziersskat.dev/problems/${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    detail,
    ...extra,
  };
}

export function problemResponse(c: Context, p: ProblemError): Response {
  return c.body(JSON.stringify(problemBody(p.status, p.code, p.detail, p.extra)), p.status, {
    'Content-Type': 'application/problem+json',
  });
}
