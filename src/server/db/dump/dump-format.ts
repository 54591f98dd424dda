import type { Readable } from 'node:stream';

/**
 * PhotoMuse's logical dump: a gzip stream of text that `zcat` shows as it is.
 *
 *   {"format":"photomuse-dump","version":1,...}      the header (DumpHeader), one JSON line
 *   {"table":"public.users","columns":["id",...]}    a section, one per table, parents before children,
 *   <rows in COPY's text format, one per line>       exactly as `COPY ... TO STDOUT` wrote them
 *   \.                                               the end of the section's rows
 *   ...
 *   {"end":true,"rows":{"public.users":12,...}}      the trailer: a dump without it was cut short
 *
 * COPY's text format escapes newlines and backslashes inside values, so a row is always one line
 * and a line holding only `\.` can only be the end of a section.
 */
export const DUMP_FORMAT = 'photomuse-dump';
export const DUMP_FORMAT_VERSION = 1;
export const END_OF_ROWS = '\\.';

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  createdAt: string;
  /** The server's `server_version`, for the operator's information. */
  postgres: string;
  /** The migrations the database had (drizzle's journal times, oldest first). */
  migrations: { hash: string; createdAt: number }[];
  /** Sequences and where they stood, so that restored rows and new ones never share a number. */
  sequences: { name: string; lastValue: string | null; isCalled: boolean }[];
}

export interface DumpSection {
  /** A schema-qualified table name. */
  table: string;
  columns: string[];
}

export interface DumpTrailer {
  end: true;
  rows: Record<string, number>;
}

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `public.users` → `"public"."users"`. */
export const quoteTable = (qualified: string) => qualified.split('.').map(quoteIdentifier).join('.');

const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const DOT = 0x2e;

/**
 * Reads a dump's lines from its (gunzipped) stream: whole lines for the header, sections and
 * trailer, and each section's rows as runs of whole lines, without holding more than a chunk.
 */
export class DumpReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private ended = false;

  constructor(stream: Readable) {
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
    return true;
  }

  /** The next line, or null at the end of the stream. */
  async line(): Promise<string | null> {
    for (;;) {
      const end = this.buffer.indexOf(NEWLINE);
      if (end !== -1) {
        const line = this.buffer.subarray(0, end).toString('utf8');
        this.buffer = this.buffer.subarray(end + 1);
        return line;
      }
      if (!(await this.fill())) {
        if (this.buffer.length === 0) return null;
        throw new Error('the dump ends in the middle of a line: it was cut short');
      }
    }
  }

  /** The next line as JSON of the expected shape. */
  async json<T>(what: string): Promise<T> {
    const line = await this.line();
    if (line === null) throw new Error(`the dump ends where ${what} was expected: it was cut short`);
    try {
      return JSON.parse(line) as T;
    } catch {
      throw new Error(`the dump has no ${what} where one was expected: it is damaged or not a PhotoMuse dump`);
    }
  }

  /**
   * Hands the section's rows to `write` in runs of whole lines, up to its end line; answers how
   * many rows there were.
   */
  async rows(write: (lines: Buffer) => Promise<void>): Promise<number> {
    let rows = 0;
    for (;;) {
      let position = 0;
      for (;;) {
        const end = this.buffer.indexOf(NEWLINE, position);
        if (end === -1) break;
        if (end - position === 2 && this.buffer[position] === BACKSLASH && this.buffer[position + 1] === DOT) {
          if (position > 0) await write(this.buffer.subarray(0, position));
          this.buffer = this.buffer.subarray(end + 1);
          return rows;
        }
        rows++;
        position = end + 1;
      }
      if (position > 0) {
        await write(this.buffer.subarray(0, position));
        this.buffer = this.buffer.subarray(position);
      }
      if (!(await this.fill())) throw new Error('the dump ends inside a table: it was cut short');
    }
  }
}
