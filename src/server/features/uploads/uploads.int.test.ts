import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, type UserFile, type UserFilesPage } from '@shared/studio';
import { userFiles } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { thumbnailKeyOf } from '../../storage/storage-keys';
import { fixture } from '@test/server/images';
import { approvedUpload, pixelFloodPng, uploadBytes, uploadFixture, verdictOf } from '@test/server/uploads';
import { storedFilesOf } from '@test/server/stored-files';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const storageDir = () => path.join(server.deps.config.dataDir, 'storage');

async function rowsOf(userId: string) {
  return server.deps.db.select().from(userFiles).where(eq(userFiles.userId, userId));
}

async function bytesOf(client: TestClient, url: string): Promise<Buffer> {
  const response = await client.get(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A 32×32 grey sketch of an image as displayed, to compare orientation. */
async function sketch(input: Buffer): Promise<Buffer> {
  return sharp(input).autoOrient().resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;

describe('uploading a photo', () => {
  it('stores a re-encoded copy and a thumbnail under the spec path, pending, served to its owner', async () => {
    const client = await signedInUser(server);
    const response = await uploadBytes(client, fixture('photos/Landscape_1.jpg'), 'My holiday (1).jpg');
    expect(response.status).toBe(201);
    const file = (await response.json()) as UserFile;
    expect(file).toMatchObject({
      user_id: client.userId,
      file_type: 'image',
      original_filename: 'My holiday (1).jpg',
      file_url: `/api/files/${file.id}`,
      thumbnailUrl: `/api/files/${file.id}/thumbnail`,
      mime_type: 'image/jpeg',
      is_generated: false,
      verified_enum: 'pending',
      width: 1800,
      height: 1200,
    });
    expect(file.stored_filename).toMatch(new RegExp(`^public/${client.userId}/uploaded-photos/\\d{13}-My_holiday__1_\\.jpg$`));

    const original = await client.get(file.file_url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(Number(original.headers.get('content-length'))).toBe(file.file_size_bytes);
    await original.arrayBuffer();

    const thumbnail = await bytesOf(client, file.thumbnailUrl);
    expect(await sharp(thumbnail).metadata()).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect(await storedFilesOf(server, client.userId)).toHaveLength(2);
  });

  it('verifies the upload in the background: pending becomes approved with suggested actions', async () => {
    const client = await signedInUser(server);
    const uploaded = await uploadFixture(client, 'Portrait_1.jpg');
    const verified = await verdictOf(client, uploaded.id);
    expect(verified.verified_enum).toBe('approved');
    expect(verified.metadata!.length).toBeGreaterThan(0);
    // The built-in engine's suggestions carry codes the reader's language words, beside English for API clients.
    for (const action of verified.metadata!) {
      expect(action).toEqual({
        title: expect.any(String),
        description: expect.any(String),
        title_code: expect.objectContaining({ code: expect.any(String) }),
        description_code: expect.objectContaining({ code: expect.any(String) }),
      });
    }
    expect(new Set(verified.metadata!.map((a) => a.title)).size).toBe(verified.metadata!.length);
  });

  it('stores a name like ../../etc/passwd harmlessly inside the user folder', async () => {
    const client = await signedInUser(server);
    const response = await uploadBytes(client, fixture('photos/Landscape_1.jpg'), '../../etc/passwd');
    expect(response.status).toBe(201);
    const file = (await response.json()) as UserFile;
    expect(file.original_filename).toBe('../../etc/passwd');
    expect(file.stored_filename).toMatch(new RegExp(`^public/${client.userId}/uploaded-photos/\\d{13}-\\.\\._\\.\\._etc_passwd\\.jpg$`));
    expect(file.stored_filename.split('/')).not.toContain('..');
    expect((await storedFilesOf(server, client.userId)).sort()).toEqual(
      [path.basename(file.stored_filename), path.basename(thumbnailKeyOf(file.stored_filename))].sort(),
    );
    expect(existsSync(path.join(storageDir(), 'etc'))).toBe(false);
  });

  it('removes GPS and every other EXIF field', async () => {
    const client = await signedInUser(server);
    const withGps = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhotoMuse Test Camera', Model: 'T-1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '21/1 0/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const response = await uploadBytes(client, withGps, 'located.jpg');
    expect(response.status).toBe(201);
    const file = (await response.json()) as UserFile;
    const stored = await bytesOf(client, file.file_url);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(stored.includes(Buffer.from('PhotoMuse Test Camera'))).toBe(false);
    expect(stored.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('brings every fixture photo back upright, whatever its EXIF orientation', async () => {
    const client = await signedInUser(server);
    for (const kind of ['Landscape', 'Portrait']) {
      // Orientation 1 is upright by definition; the others are the same photo stored turned.
      const upright = await sketch(fixture(`photos/${kind}_1.jpg`));
      for (const orientation of [1, 3, 6, 8]) {
        const file = await uploadFixture(client, `${kind}_${orientation}.jpg`);
        const stored = await bytesOf(client, file.file_url);
        const metadata = await sharp(stored).metadata();
        expect(metadata.orientation ?? 1).toBe(1);
        if (kind === 'Landscape') expect(metadata.width).toBeGreaterThan(metadata.height);
        else expect(metadata.height).toBeGreaterThan(metadata.width);
        expect([file.width, file.height]).toEqual([metadata.width, metadata.height]);

        const shown = await sketch(stored);
        expect(difference(shown, upright), `${kind}_${orientation} looks like the upright photo`).toBeLessThan(5);
        // The measure does tell orientations apart: the same photo upside down is far off.
        const upsideDown = await sketch(await sharp(stored).rotate(180).toBuffer());
        expect(difference(upsideDown, upright)).toBeGreaterThan(30);

        const thumbnail = await sharp(await bytesOf(client, file.thumbnailUrl)).metadata();
        expect(kind === 'Landscape' ? thumbnail.width : thumbnail.height).toBe(512);
      }
    }
  });
});

describe('refusing bad uploads with a clear error and nothing stored', () => {
  const heicHeader = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic'),
    Buffer.alloc(64),
  ]);
  const cases: Array<{ name: string; filename: string; bytes: () => Promise<Buffer>; message: string }> = [
    {
      name: 'a PHP/HTML file renamed .jpg',
      filename: 'shell.jpg',
      bytes: async () => Buffer.from('<?php system($_GET["c"]); ?>\n<html><body><script>alert(1)</script></body></html>'),
      message: 'Failed to upload file: only JPEG, PNG and WebP images are allowed',
    },
    {
      name: 'an SVG',
      filename: 'logo.svg',
      bytes: async () =>
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      message: 'Failed to upload file: only JPEG, PNG and WebP images are allowed',
    },
    {
      name: 'a HEIC photo (this build cannot decode it)',
      filename: 'IMG_0001.HEIC',
      bytes: async () => heicHeader,
      message: 'Failed to upload file: only JPEG, PNG and WebP images are allowed',
    },
    {
      name: 'a GIF',
      filename: 'anim.gif',
      bytes: () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
          .gif()
          .toBuffer(),
      message: 'Failed to upload file: only JPEG, PNG and WebP images are allowed',
    },
    {
      name: 'a truncated JPEG',
      filename: 'cut.jpg',
      bytes: async () => {
        const whole = fixture('photos/Landscape_6.jpg');
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      message: 'Failed to upload file: the image is damaged or incomplete',
    },
    {
      name: 'a 20000×20000 PNG (pixel flood)',
      filename: 'flood.png',
      bytes: async () => pixelFloodPng(20_000, 20_000),
      message: 'Failed to upload file: the image is 20000×20000 pixels; at most 40 megapixels are allowed',
    },
  ];

  for (const bad of cases) {
    it(`refuses ${bad.name}`, async () => {
      const client = await signedInUser(server);
      const response = await uploadBytes(client, await bad.bytes(), bad.filename);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'UPLOAD_FAILED',
        message: bad.message,
        text_code: expect.objectContaining({ code: expect.stringMatching(/^error\.upload/) }),
      });
      expect(await rowsOf(client.userId)).toEqual([]);
      expect(await storedFilesOf(server, client.userId)).toEqual([]);
    });
  }

  it('refuses a file just over the size cap with 413', async () => {
    const client = await signedInUser(server);
    const oversized = Buffer.concat([fixture('photos/Landscape_1.jpg'), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const response = await uploadBytes(client, oversized, 'huge.jpg');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'UPLOAD_FAILED',
      message: 'Failed to upload file: the file is larger than 20 MB',
      text_code: { code: 'error.uploadTooLarge', params: { megabytes: 20 } },
    });
    expect(await rowsOf(client.userId)).toEqual([]);
  });

  it('refuses a body far over the cap before reading it, by its Content-Length', async () => {
    const client = await signedInUser(server);
    const response = await uploadBytes(client, Buffer.alloc(UPLOAD_MAX_BYTES * 2), 'enormous.jpg');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'UPLOAD_FAILED',
      message: 'Failed to upload file: the file is larger than 20 MB',
      text_code: { code: 'error.uploadTooLarge', params: { megabytes: 20 } },
    });
    expect(await rowsOf(client.userId)).toEqual([]);
  });

  it('asks for a file when the form has none', async () => {
    const client = await signedInUser(server);
    const form = new FormData();
    form.append('note', 'no file here');
    const response = await client.request('/api/uploads', { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'file' }] } });
  });

  it('says the user must be logged in to upload', async () => {
    const response = await uploadBytes(new TestClient(server.url, server.deps.config.appUrl), fixture('photos/Landscape_1.jpg'), 'a.jpg');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'User must be logged in to upload files',
      text_code: { code: 'error.signInRequired' },
    });
    // The photo was never read, so the connection is not reused for another request.
    expect(response.headers.get('connection')).toBe('close');
  });
});

describe("a user's files", () => {
  let owner: SignedInClient;
  let other: SignedInClient;
  let upload: UserFile;
  beforeAll(async () => {
    [owner, other] = await Promise.all([signedInUser(server), signedInUser(server)]);
    upload = await approvedUpload(owner);
  });

  it("answers 404 to anyone reading another user's upload, signed in or not", async () => {
    for (const url of [upload.file_url, upload.thumbnailUrl, `/api/user-files/${upload.id}`]) {
      const response = await other.get(url);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get(upload.file_url)).status).toBe(404);
    expect((await anonymous.get(upload.thumbnailUrl)).status).toBe(404);
  });

  it('lists approved images newest first with the exact total, by kind and page', async () => {
    const second = await approvedUpload(owner, 'Portrait_3.jpg');
    const rejected = await insertImage(owner.userId, { isGenerated: false, verifiedEnum: 'rejected' });
    const generated = await insertImage(owner.userId);

    const uploaded = (await (await owner.get('/api/user-files?kind=uploaded&limit=1')).json()) as UserFilesPage;
    expect(uploaded.total).toBeGreaterThanOrEqual(2);
    expect(uploaded.hasMore).toBe(true);
    expect(uploaded.images.map((f) => f.id)).toEqual([second.id]);

    const all = (await (await owner.get('/api/user-files?limit=1000')).json()) as UserFilesPage;
    expect(all.images.every((f) => f.verified_enum === 'approved')).toBe(true);
    expect(all.images.map((f) => f.id)).not.toContain(rejected.id);
    expect(all.total).toBe(all.images.length);
    expect(all.hasMore).toBe(false);
    const times = all.images.map((f) => Date.parse(f.upload_timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const generatedOnly = (await (await owner.get('/api/user-files?kind=generated')).json()) as UserFilesPage;
    expect(generatedOnly).toMatchObject({ total: 1, hasMore: false, images: [{ id: generated.id, is_generated: true }] });

    expect(((await (await other.get('/api/user-files')).json()) as UserFilesPage).total).toBe(0);
  });

  it('refuses to delete an uploaded image and deletes a generated one with its bytes', async () => {
    const refused = await owner.request(`/api/user-files/${upload.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Uploaded images cannot be deleted',
      text_code: { code: 'error.uploadsNotDeletable' },
    });

    const generated = await insertImage(owner.userId);
    // Generated images are public under their unguessable id.
    const publicRead = await new TestClient(server.url).get(generated.fileUrl);
    expect(publicRead.status).toBe(200);
    expect(publicRead.headers.get('cache-control')).toBe('public, max-age=3600');
    await publicRead.arrayBuffer();

    expect((await other.request(`/api/user-files/${generated.id}`, { method: 'DELETE' })).status).toBe(404);
    const deleted = await owner.request(`/api/user-files/${generated.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await owner.get(generated.fileUrl)).status).toBe(404);
    expect(existsSync(path.join(storageDir(), generated.key))).toBe(false);
  });
});

describe('served file names', () => {
  it('serves two generated images with the same original name under different file names', async () => {
    const owner = await signedInUser(server);
    const names: string[] = [];
    for (const image of [await insertImage(owner.userId), await insertImage(owner.userId)]) {
      const response = await owner.get(image.fileUrl);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const disposition = response.headers.get('content-disposition') ?? '';
      const name = /filename="([^"]+)"/.exec(disposition)?.[1];
      expect(name).toBe(`generated-${image.id.replace(/-/g, '').slice(0, 8)}.png`);
      names.push(name!);
    }
    expect(new Set(names).size).toBe(2);
  });
});

/** A file as another part of the product leaves it: by default a finished generation's output. */
async function insertImage(userId: string, options: { isGenerated?: boolean; verifiedEnum?: 'approved' | 'rejected' } = {}) {
  const id = crypto.randomUUID();
  const key = `public/${userId}/${options.isGenerated === false ? 'uploaded-photos' : 'generated'}/${Date.now()}-${id}.png`;
  await server.deps.storage.put(
    key,
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer(),
  );
  await server.deps.db.insert(userFiles).values({
    id,
    userId,
    originalFilename: 'generated.png',
    storedFilename: key,
    fileUrl: `/api/files/${id}`,
    mimeType: 'image/png',
    fileSizeBytes: 100,
    isGenerated: options.isGenerated ?? true,
    verifiedEnum: options.verifiedEnum ?? 'approved',
    contentDescription: 'a green square',
  });
  return { id, key, fileUrl: `/api/files/${id}` };
}
