import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { formatCents } from '@shared/money';
import type { Message, SessionSummary, UserFile, UserFilesPage } from '@shared/studio';
import { ledgerEntries } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { creditTopUp } from '../billing/billing.repository';
import { jobSettled, sendMessage } from '@test/server/generation';
import { TestClient } from '@test/server/http-client';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { fixture } from '@test/server/images';
import { approvedUpload, uploadBytes } from '@test/server/uploads';
import { exportPathOf } from './account.export';

/** "Download my data": the zip is unzipped and compared with what the user has through the API. */
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local' });
});
afterAll(() => server?.stop());

async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}

/**
 * A plain extractor, as many tools are: every entry is written where its name points, a backslash
 * taken as a folder separator (as Windows takes it), with no check of its own. yauzl is opened
 * with `decodeStrings: false`, which skips yauzl's checks of names.
 */
async function extractPlainly(data: Buffer, target: string): Promise<void> {
  const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: false });
  for await (const entry of zip.eachEntry()) {
    const name = (entry.fileName as unknown as Buffer).toString('utf8').replace(/\\/g, '/');
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const destination = path.join(target, name);
    await mkdir(path.dirname(destination), { recursive: true });
    await writeFile(destination, Buffer.concat(chunks));
  }
}

/** Every file under `folder`, at any depth. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function bytesOf(client: TestClient, url: string): Promise<Buffer> {
  const response = await client.get(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

type ExportedMessage = Omit<Message, 'files'> & { files: Array<Message['files'][number] & { path: string | null }> };

/** Splits one CSV line (quoted fields may hold commas). */
const csvLine = (line: string) =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));

describe('downloading my data', () => {
  it("zips exactly the user's kept images, sessions with their messages, and ledger", async () => {
    const client: SignedInClient = await signedInUser(server);
    await creditTopUp(server.deps.db, {
      userId: client.userId,
      amountCents: 500,
      reference: `cs_test_export_${client.userId}`,
      description: 'Top-up, "card"',
    });
    const landscape = await approvedUpload(client, 'Landscape_1.jpg');
    const again = await approvedUpload(client, 'Landscape_1.jpg');
    const first = await sendMessage(client, 'turn it into a cartoon', { fileIds: [landscape.id], requestReply: true });
    expect((await jobSettled(server, first.reply!.job_id)).status).toBe('completed');
    await sendMessage(client, 'the same photo once more', { fileIds: [again.id] });
    const other = await signedInUser(server);
    const othersPhoto = await approvedUpload(other, 'Portrait_1.jpg');

    const response = await client.get('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="photomuse-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await unzip(Buffer.from(await response.arrayBuffer()));

    // Every image the user has, under its original name, byte for byte; nothing of anyone else's.
    const library = (await (await client.get('/api/user-files?limit=1000')).json()) as UserFilesPage;
    expect(library.total).toBeGreaterThanOrEqual(3);
    const imagePaths = [...zip.keys()].filter((name) => name.startsWith('images/')).sort();
    expect(imagePaths).toEqual(
      library.images
        .map((file) =>
          exportPathOf({ id: file.id, originalFilename: file.original_filename, mimeType: file.mime_type, isGenerated: file.is_generated }),
        )
        .sort(),
    );
    expect(imagePaths.filter((name) => name.startsWith('images/uploads/Landscape_1-'))).toHaveLength(2);
    for (const file of library.images) {
      const name = exportPathOf({
        id: file.id,
        originalFilename: file.original_filename,
        mimeType: file.mime_type,
        isGenerated: file.is_generated,
      });
      expect(zip.get(name)!.equals(await bytesOf(client, file.file_url)), name).toBe(true);
    }
    expect([...zip.keys()].some((name) => name.includes(othersPhoto.id.replace(/-/g, '').slice(0, 8)))).toBe(false);

    // The sessions and their messages, as the API shows them, each file pointing into the zip.
    const sessions = JSON.parse(zip.get('sessions.json')!.toString('utf8')) as Array<
      Omit<SessionSummary, 'thumbnails'> & { messages: ExportedMessage[] }
    >;
    const listed = ((await (await client.get('/api/sessions')).json()) as { sessions: SessionSummary[] }).sessions;
    expect(sessions.map((session) => session.id)).toEqual(listed.map((session) => session.id));
    for (const session of sessions) {
      const { messages } = (await (await client.get(`/api/sessions/${session.id}/messages?limit=100`)).json()) as { messages: Message[] };
      expect(session.messages.map(({ files, ...rest }) => ({ ...rest, files: files.map(({ path: _, ...file }) => file) }))).toEqual(
        messages,
      );
      for (const file of session.messages.flatMap((message) => message.files)) expect(zip.has(file.path!)).toBe(true);
    }

    // The ledger, one row per entry, in time order.
    const rows = zip.get('ledger.csv')!.toString('utf8').trim().split('\n');
    expect(rows[0]).toBe('date,type,description,amount,free_images,balance_after,reference');
    const entries = await server.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, client.userId))
      .orderBy(ledgerEntries.createdAt);
    // Dates keep Postgres' microseconds; the database driver's Date has milliseconds.
    expect(
      rows
        .slice(1)
        .map(csvLine)
        .map(([date, ...rest]) => [`${date!.slice(0, 23)}Z`, ...rest]),
    ).toEqual(
      entries.map((entry) => [
        entry.createdAt.toISOString(),
        entry.kind,
        entry.description,
        formatCents(entry.amountCents),
        String(entry.freeGenerationsDelta),
        formatCents(entry.balanceAfterCents),
        entry.reference,
      ]),
    );
    expect(rows.find((row) => row.includes(',top_up,'))).toMatch(
      new RegExp(`^\\S+Z,top_up,"Top-up, ""card""",\\$5\\.00,0,\\$5\\.00,cs_test_export_${client.userId}$`),
    );

    const account = JSON.parse(zip.get('account.json')!.toString('utf8')) as { email: string };
    expect(account.email).toBe(client.email);
  });

  it('names every image safely, whatever its uploader called it: nothing extracts outside its folder', async () => {
    const client = await signedInUser(server);
    const hostileNames = [
      '../../../../tmp/x.jpg',
      '..\\..\\windows\\evil.jpg',
      'evil.sh',
      `${'a'.repeat(246)}.jpg`,
      `${'я'.repeat(200)}.bat`,
      'CON.jpg',
    ];
    const uploads: UserFile[] = [];
    for (const name of hostileNames) {
      const response = await uploadBytes(client, fixture('photos/Landscape_1.jpg'), name);
      expect(response.status, name).toBe(201);
      uploads.push((await response.json()) as UserFile);
    }
    // The names were kept as given (the library shows them); only the names the product writes are safe.
    expect(uploads.map((file) => file.original_filename)).toEqual(hostileNames);

    const data = Buffer.from(await (await client.get('/api/account/export')).arrayBuffer());
    // yauzl, which refuses a whole archive for one entry that climbs out, reads every entry.
    const zip = await unzip(data);
    const images = [...zip.keys()].filter((name) => name.startsWith('images/'));
    expect(images).toHaveLength(hostileNames.length);
    for (const name of zip.keys()) {
      expect(name, name).not.toMatch(/\\|^\/|(^|\/)\.\.(\/|$)/);
      for (const part of name.split('/')) expect(Buffer.byteLength(part), name).toBeLessThanOrEqual(255);
    }
    // The extension is the stored type's (JPEG), never the one the uploader chose.
    for (const name of images) expect(name, name).toMatch(/^images\/uploads\/[^/]+-[0-9a-f]{8}\.jpg$/);

    // A plain extractor, deep inside a folder of its own: every file it writes is inside its target.
    const root = await mkdtemp(path.join(os.tmpdir(), 'photomuse-export-'));
    try {
      const target = path.join(root, 'a', 'b', 'c', 'd', 'target');
      await mkdir(target, { recursive: true });
      await extractPlainly(data, target);
      const written = await filesUnder(root);
      expect(written.filter((file) => !file.startsWith(`${target}${path.sep}`))).toEqual([]);
      expect(written).toHaveLength(zip.size);
    } finally {
      await rm(root, { recursive: true, force: true });
    }

    // The same safe name is the one each file is served under.
    for (const file of uploads) {
      const disposition = (await client.get(file.file_url)).headers.get('content-disposition') ?? '';
      const served = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '');
      expect(served, disposition).toBe(
        exportPathOf({ id: file.id, originalFilename: file.original_filename, mimeType: file.mime_type, isGenerated: false })
          .split('/')
          .pop(),
      );
      expect(disposition).not.toMatch(/\.\.|[/\\]|\.(sh|bat)\b/);
    }
  });

  it('is only for the signed-in user', async () => {
    expect((await new TestClient(server.url).get('/api/account/export')).status).toBe(401);
  });
});
