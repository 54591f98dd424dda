import { coded } from '@shared/coded-text';
import { EngineError } from './image-engine';

/**
 * HTTP for the engines that run on the operator's own servers (ComfyUI, AUTOMATIC1111): an answer
 * that is not 2xx is a ServerAnswerError with its status and body; a server that does not answer
 * is a ServerUnreachableError. The engines and their start checks turn both into their own terms.
 */

export class ServerAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}${body ? `: ${body.slice(0, 500)}` : ''}`);
    this.name = 'ServerAnswerError';
  }

  /** The body as JSON, or undefined when it is not. */
  json(): unknown {
    try {
      return JSON.parse(this.body) as unknown;
    } catch {
      return undefined;
    }
  }
}

export class ServerUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`${url} does not answer (${describeCause(cause)})`, { cause });
    this.name = 'ServerUnreachableError';
  }
}

function describeCause(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  if (inner instanceof Error) return (inner as NodeJS.ErrnoException).code ?? inner.message;
  return String(inner);
}

/** fetch that tells an unreachable server from one that answered with an error. */
export async function send(url: string, init: RequestInit & { what: string }): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // Our own abort (the try's time limit) is not the server's fault: it goes up as it is.
    if (init.signal?.aborted) throw init.signal.reason ?? error;
    throw new ServerUnreachableError(url, error);
  }
  if (!response.ok) throw new ServerAnswerError(response.status, await response.text().catch(() => ''), init.what);
  return response;
}

export async function sendForJson<T>(url: string, init: RequestInit & { what: string }): Promise<T> {
  const response = await send(url, init);
  return (await response.json()) as T;
}

/**
 * A failure as the job sees it: a server that does not answer, or answers 5xx or 429, may work on
 * another try (transient); 401/403 (refused credentials) and other 4xx never will (invalid).
 */
export function engineErrorOf(error: unknown, engine: string): unknown {
  if (error instanceof EngineError) return error;
  if (error instanceof ServerUnreachableError)
    return new EngineError('transient', coded('engine.serverUnreachable', { engine }), { cause: error });
  if (error instanceof ServerAnswerError) {
    if (error.status >= 500 || error.status === 429)
      return new EngineError('transient', coded('engine.serverBusy', { engine, status: error.status }), { cause: error });
    if (error.status === 401 || error.status === 403)
      return new EngineError('invalid', coded('engine.serverCredentials', { engine }), { cause: error });
    return new EngineError('invalid', coded('engine.serverCannotHandle', { engine, status: error.status }), { cause: error });
  }
  return error;
}
