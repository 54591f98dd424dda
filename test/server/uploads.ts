import { deflateSync } from 'node:zlib';
import type { UserFile } from '@shared/studio';
import type { TestClient } from './http-client';
import { fixture } from './images';

/** Shared by the studio's integration tests: uploads through the real multipart endpoint. */

export function uploadBytes(client: TestClient, data: Buffer, filename: string, type = 'image/jpeg'): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  return client.request('/api/uploads', { method: 'POST', body: form });
}

export async function uploadFixture(client: TestClient, name = 'Landscape_1.jpg'): Promise<UserFile> {
  const response = await uploadBytes(client, fixture(`photos/${name}`), name);
  if (response.status !== 201) throw new Error(`upload of ${name} failed with ${response.status}: ${await response.text()}`);
  return (await response.json()) as UserFile;
}

/** Waits (server-side, ?wait=) until the verification job has written its verdict. */
export async function verdictOf(client: TestClient, fileId: string): Promise<UserFile> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await client.get(`/api/user-files/${fileId}?wait=10`);
    if (response.status !== 200) throw new Error(`status of ${fileId}: ${response.status} ${await response.text()}`);
    const file = (await response.json()) as UserFile;
    if (file.verified_enum !== 'pending') return file;
  }
  throw new Error(`file ${fileId} is still pending`);
}

/** An uploaded photo that passed verification, ready to attach. */
export async function approvedUpload(client: TestClient, name = 'Landscape_1.jpg'): Promise<UserFile> {
  const file = await verdictOf(client, (await uploadFixture(client, name)).id);
  if (file.verified_enum !== 'approved') throw new Error(`${name} was not approved`);
  return file;
}

/**
 * A valid greyscale PNG of width × height pixels, all zero: a few dozen kilobytes that decode to
 * width × height bytes and more — the classic pixel flood, or under the pixel limit a
 * decompression bomb (7296 × 5440 at 8 bits: 39.7 MP in 39 KB).
 */
export function pixelFloodPng(width: number, height: number, bitDepth: 1 | 8 = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc(height * (1 + Math.ceil((width * bitDepth) / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
