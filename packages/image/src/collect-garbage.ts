import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, run as a full-resolution edit ends. The edit's 12-megapixel buffers
 * are garbage once it returns, but V8 collects ArrayBuffers only after some 64 MB more of them
 * have been allocated; without this, the next edit's buffers pile up on the last one's and the
 * process peaks some 60-80 MB higher (docs/benchmarks.md). A collection of the engine's small
 * JavaScript heap costs a few milliseconds.
 *
 * V8 hands out its `gc` function only to contexts made after `--expose-gc` is set, so one new
 * context is made for it; the server's own global scope never gets a `gc`. Where the flag cannot
 * be set, nothing is collected early and everything works as before.
 */
let collect: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
