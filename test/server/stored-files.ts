import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { RunningServer } from '@server/start-server';

/** The names of every file a test server keeps on local disk for a user: uploads, generated images, thumbnails. */
export async function storedFilesOf(server: RunningServer, userId: string): Promise<string[]> {
  const dir = path.join(server.deps.config.dataDir, 'storage', 'public', userId);
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
}
