// What node:http refuses before the app sees a request: headers too large (431), a request that
// did not arrive in time (408, HTTP_HEADERS_TIMEOUT_MS / HTTP_REQUEST_TIMEOUT_MS), bytes that are
// no HTTP (400). Node's own answers have empty bodies and leave no trace; here each gets a request
// id, an access-log line and, where the connection can still take one, a problem+json answer.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../log.ts';
import { problemBody, ProblemError, type ProblemCode } from './problems.ts';

const BY_NODE_CODE: Record<string, ProblemCode> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

const DETAIL: Partial<Record<ProblemCode, string>> = {
  HEADERS_TOO_LARGE: 'the request headers are larger than this server takes',
  REQUEST_TIMEOUT: 'the request did not arrive in time',
  MALFORMED_REQUEST: 'the bytes sent are not an HTTP request this server understands',
};

export function answerClientErrors(server: Server, log: Logger): void {
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) => {
    // The client is gone already: nothing to answer, nothing worth a line.
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code = BY_NODE_CODE[err.code ?? ''] ?? 'MALFORMED_REQUEST';
    const requestId = crypto.randomUUID();
    const problem = new ProblemError(code, DETAIL[code] ?? 'refused');
    log.info({ requestId, status: problem.status, code, reason: err.code ?? err.name });
    // An answer already begun on this connection (a keep-alive request's) cannot get another.
    const begun = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (begun) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(problemBody(problem, requestId));
    const title = problemBody(problem).title;
    socket.end(
      `HTTP/1.1 ${problem.status} ${title}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
