import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ZipArchive } from 'archiver';
import { formatCents } from '@shared/money';
import { SESSIONS_PAGE_MAX } from '@shared/constants';
import type { Message } from '@shared/studio';
import type { AppDeps } from '../../context';
import { servedFilenameOf } from '../../storage/storage-keys';
import { auditEntriesAbout } from '../admin/audit-log.service';
import { getSessionMessages, listSessions } from '../sessions/sessions.service';
import { EXPORT_PAGE_SIZE, exportFilesPage, exportFileTypes, exportLedgerPage, exportProfile } from './account.repository';

type ExportDeps = Pick<AppDeps, 'db' | 'storage' | 'logger' | 'config'>;

/**
 * Where an image sits in the zip: the served name (a safe stem of its original name, the start of
 * its id, the extension of its stored type), so no entry can leave the folder it is extracted to.
 */
export function exportPathOf(file: { id: string; originalFilename: string; mimeType: string; isGenerated: boolean }): string {
  return `images/${file.isGenerated ? 'generated' : 'uploads'}/${servedFilenameOf(file, 'original')}`;
}

/**
 * The user's data as a zip, streamed (the right of access): `account.json`,
 * `sessions.json` (every session with its messages; each file names its place in the zip, or is
 * marked expired), `ledger.csv`, `audit-log.json` (what operators did to the account, and why),
 * and every image still kept under `images/uploads` and
 * `images/generated`. It is built while it is sent: rows are read a page at a time and images one
 * at a time, each appended only once the previous entry is written, so memory does not grow with
 * the account.
 */
export function exportArchive(deps: ExportDeps, userId: string): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  archive.on('warning', (warning) => deps.logger.warn({ err: warning }, 'data export warning'));
  // The download was cancelled (or failed): stop reading rows and files for it.
  const closed = new AbortController();
  archive.once('close', () => closed.abort());
  const append = (source: Readable, name: string, options: { store?: boolean } = {}) =>
    appendEntry(archive, source, { name, ...options }, closed.signal);
  void (async () => {
    try {
      await append(Readable.from(accountJson(deps, userId)), 'account.json');
      await append(Readable.from(sessionsJson(deps, userId)), 'sessions.json');
      await append(Readable.from(ledgerCsv(deps, userId)), 'ledger.csv');
      await append(Readable.from(auditLogJson(deps, userId)), 'audit-log.json');
      await appendImages(deps, append, userId);
      await archive.finalize();
    } catch (error) {
      if (closed.signal.aborted) return;
      deps.logger.error({ err: error }, 'the data export failed part-way');
      // The download ends broken rather than looking complete.
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return archive;
}

/** Appends one entry and waits until archiver has written it: one source open at a time. */
async function appendEntry(
  archive: ZipArchive,
  source: Readable,
  entry: { name: string; store?: boolean },
  signal: AbortSignal,
): Promise<void> {
  const written = once(archive, 'entry', { signal });
  archive.append(source, entry);
  await written;
}

async function appendImages(
  deps: ExportDeps,
  append: (source: Readable, name: string, options: { store: boolean }) => Promise<void>,
  userId: string,
): Promise<void> {
  let afterId: string | null = null;
  for (;;) {
    const page = await exportFilesPage(deps.db, userId, afterId);
    for (const file of page) {
      const stored = await deps.storage.get(file.storedFilename);
      // Deleted by the retention job since the page was read: it is no longer the user's data.
      if (!stored) continue;
      // JPEG, PNG and WebP are compressed already: deflating them again costs CPU and saves nothing.
      await append(Readable.fromWeb(stored.body as WebReadableStream<Uint8Array>), exportPathOf(file), { store: true });
    }
    if (page.length < EXPORT_PAGE_SIZE) return;
    afterId = page[page.length - 1]!.id;
  }
}

async function* accountJson(deps: ExportDeps, userId: string): AsyncGenerator<string> {
  const profile = await exportProfile(deps.db, userId);
  yield `${JSON.stringify(
    {
      id: profile?.id,
      email: profile?.email,
      name: profile?.name,
      created_at: profile?.createdAt.toISOString(),
      terms_accepted_at: profile?.termsAcceptedAt?.toISOString() ?? null,
      exported_at: new Date().toISOString(),
      retention: deps.config.retention,
    },
    null,
    2,
  )}\n`;
}

function exportedMessage(message: Message, typeOf: Map<string, string>) {
  return {
    ...message,
    files: message.files.map((file) => {
      const mimeType = typeOf.get(file.id);
      return { ...file, path: file.expired || !mimeType ? null : exportPathOf({ ...file, mimeType }) };
    }),
  };
}

/** The user's sessions, a page of the sessions list at a time. */
async function* everySession(deps: ExportDeps, userId: string) {
  let cursor: string | undefined;
  do {
    const page = await listSessions(deps.db, userId, { limit: SESSIONS_PAGE_MAX, cursor });
    yield* page.sessions;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/** `[{session…, messages: […]}, …]`, written a session and a page of messages at a time. */
async function* sessionsJson(deps: ExportDeps, userId: string): AsyncGenerator<string> {
  yield '[';
  let index = 0;
  for await (const session of everySession(deps, userId)) {
    const { thumbnails: _, ...fields } = session;
    const head = JSON.stringify(fields);
    yield `${index++ === 0 ? '' : ','}\n${head.slice(0, -1)},"messages":[`;
    let after: string | undefined;
    let first = true;
    for (;;) {
      const page = await getSessionMessages(deps.db, userId, session.id, { after: after ?? '-infinity', limit: EXPORT_PAGE_SIZE });
      const typeOf = await exportFileTypes(
        deps.db,
        userId,
        page.flatMap((message) => message.files.map((file) => file.id)),
      );
      for (const message of page) {
        yield `${first ? '' : ','}\n${JSON.stringify(exportedMessage(message, typeOf))}`;
        first = false;
      }
      if (page.length < EXPORT_PAGE_SIZE) break;
      after = page[page.length - 1]!.timestamp_created;
    }
    yield ']}';
  }
  yield '\n]\n';
}

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

async function* ledgerCsv(deps: ExportDeps, userId: string): AsyncGenerator<string> {
  yield 'date,type,description,amount,free_images,balance_after,reference\n';
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page = await exportLedgerPage(deps.db, userId, after);
    for (const entry of page) {
      const row = [
        entry.at,
        entry.kind,
        entry.description,
        formatCents(entry.amountCents),
        entry.free_generations_delta,
        formatCents(entry.balanceAfterCents),
        entry.reference,
      ];
      yield `${row.map(csvField).join(',')}\n`;
    }
    if (page.length < EXPORT_PAGE_SIZE) return;
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

/** `[{entry}, …]`: every operator action on the account, oldest first, written a page at a time. */
async function* auditLogJson(deps: ExportDeps, userId: string): AsyncGenerator<string> {
  yield '[';
  let index = 0;
  for await (const entry of auditEntriesAbout(deps.db, userId)) yield `${index++ === 0 ? '' : ','}\n${JSON.stringify(entry)}`;
  yield '\n]\n';
}
