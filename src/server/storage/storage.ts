import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are relative paths like
 * `public/{userId}/uploaded-photos/{timestamp}-{name}`; who may read a file is
 * decided by the API, never by the storage.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file's bytes without holding them in memory (a database dump can be large). */
  putFile(key: string, filePath: string): Promise<void>;
  /** A stream of the bytes, or null when there is no such file. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * Deletes every file whose key is under `folder` (`public/{userId}` holds everything of one
   * account), and the folder itself where the store has folders. Keys that merely start with the
   * same characters (`public/{userId}0/…`) are not under it.
   */
  deleteFolder(folder: string): Promise<void>;
  /** The files whose keys start with `prefix` (a folder, ending in `/`), in no particular order. */
  list(prefix: string): Promise<StoredObject[]>;
}

export interface StoredObject {
  key: string;
  size: number;
}

/** Refuses keys that could leave the storage root (`..`, absolute paths, odd characters). */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9._/-]+$/.test(key) ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    // Write then rename: a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      await writeFile(temporary, data);
    } catch (error) {
      // The folder usually exists already; making it only when missing saves a step per file.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(temporary, data);
    }
    await rename(temporary, target);
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const target = this.pathOf(key);
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(filePath, temporary);
    await rename(temporary, target);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const folder = this.pathOf(prefix.replace(/\/+$/, ''));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const files = entries.filter((entry) => entry.isFile() && !entry.name.endsWith('.part'));
    return Promise.all(
      files.map(async (entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return { key: path.relative(this.root, full).split(path.sep).join('/'), size: (await stat(full)).size };
      }),
    );
  }

  async get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    const target = this.pathOf(key);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: Readable.toWeb(createReadStream(target)) as ReadableStream<Uint8Array>, size: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deleteFolder(folder: string): Promise<void> {
    await rm(this.pathOf(folder), { recursive: true, force: true });
  }
}
