/**
 * Counts the requests whose handlers are still running. The HTTP server forgets a request once
 * its client has gone, but the handler goes on (its next query, its next write); shutdown waits
 * for this count, not only for the server's connections, before it closes the database under them.
 */
export interface InFlightRequests {
  /** Call when a handler starts; call what it returns once when it has finished. */
  begin(): () => void;
  readonly count: number;
  /** Resolves true once no handler runs, or false after `timeoutMs` with some still running. */
  idle(timeoutMs: number): Promise<boolean>;
}

export function createInFlightRequests(): InFlightRequests {
  let running = 0;
  let waiters: (() => void)[] = [];
  return {
    begin() {
      running += 1;
      let finished = false;
      return () => {
        if (finished) return;
        finished = true;
        running -= 1;
        if (running > 0) return;
        for (const wake of waiters) wake();
        waiters = [];
      };
    },
    get count() {
      return running;
    },
    idle(timeoutMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
