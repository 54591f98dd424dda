import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { RestoreRefused } from '../../db/dump/restore-dump';
import { writeDump, type DumpScope } from '../../db/dump/write-dump';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../storage/storage';

/**
 * Database backups: logical dumps (db/dump) kept in the configured storage under a folder of their
 * own, apart from the users' files; the newest BACKUP_RETENTION are kept.
 */
export const BACKUP_FOLDER = 'backups/';

/** `photomuse-2026-11-26T03-00-00-000Z.dump.gz`: names sort by the time they were made. */
const BACKUP_NAME = /^photomuse-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.dump\.gz$/;

export const backupNameAt = (time: Date) => `photomuse-${time.toISOString().replace(/[:.]/g, '-')}.dump.gz`;

export interface BackupInfo {
  name: string;
  size: number;
}

interface BackupDeps {
  databaseUrl: string;
  storage: Storage;
  logger: Logger;
}

/**
 * Dumps the database into a temporary file (streamed, compressed: never the whole dump in memory),
 * then stores it. The file is readable by this user only: it holds every account.
 */
export async function makeBackup(
  deps: BackupDeps,
  options: { scope: DumpScope; signal?: AbortSignal; now?: Date },
): Promise<BackupInfo & { rows: Record<string, number> }> {
  const name = backupNameAt(options.now ?? new Date());
  const folder = await mkdtemp(path.join(os.tmpdir(), 'photomuse-backup-'));
  const file = path.join(folder, name);
  try {
    const started = performance.now();
    const { rows } = await writeDump(deps.databaseUrl, createWriteStream(file, { mode: 0o600 }), {
      scope: options.scope,
      signal: options.signal,
    });
    const { size } = await stat(file);
    await deps.storage.putFile(`${BACKUP_FOLDER}${name}`, file);
    deps.logger.info({ backup: name, bytes: size, ms: Math.round(performance.now() - started) }, 'database backup stored');
    return { name, size, rows };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The stored backups, newest first. */
export async function listBackups(storage: Storage): Promise<BackupInfo[]> {
  const objects = await storage.list(BACKUP_FOLDER);
  return objects
    .map((object) => ({ name: object.key.slice(BACKUP_FOLDER.length), size: object.size }))
    .filter((backup) => BACKUP_NAME.test(backup.name))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` backups; answers the names deleted. */
export async function pruneBackups(storage: Storage, keep: number): Promise<string[]> {
  const old = (await listBackups(storage)).slice(keep).map((backup) => backup.name);
  for (const name of old) await storage.delete(`${BACKUP_FOLDER}${name}`);
  return old;
}

/** The scheduled job and `npm run backup`: one dump now, then the oldest beyond `keep` go. */
export async function backUpAndPrune(
  deps: BackupDeps,
  options: { scope: DumpScope; keep: number; signal?: AbortSignal },
): Promise<BackupInfo & { deleted: string[] }> {
  const made = await makeBackup(deps, options);
  const deleted = await pruneBackups(deps.storage, options.keep);
  if (deleted.length > 0) deps.logger.info({ deleted }, 'older database backups deleted');
  return { name: made.name, size: made.size, deleted };
}

/** A stored backup's bytes, by the name `listBackups` gives (with or without the folder). */
export async function openBackup(storage: Storage, nameOrKey: string): Promise<Readable> {
  const name = nameOrKey.startsWith(BACKUP_FOLDER) ? nameOrKey.slice(BACKUP_FOLDER.length) : nameOrKey;
  if (!BACKUP_NAME.test(name))
    throw new RestoreRefused(
      `"${nameOrKey}" is not the name of a backup (they look like ${backupNameAt(new Date(0))}; npm run backup -- --list shows them)`,
    );
  const found = await storage.get(`${BACKUP_FOLDER}${name}`);
  if (!found) throw new RestoreRefused(`there is no backup named ${name} in the storage (npm run backup -- --list shows them)`);
  return Readable.fromWeb(found.body as WebReadableStream<Uint8Array>);
}

/** A dump kept as a file (copied off the storage, or onto a new machine). */
export const openBackupFile = (file: string): Readable => createReadStream(file);
