import sharp from 'sharp';
import type { ImageMask } from '@shared/masks';
import type { UserFile } from '@shared/studio';
import type { TestClient } from './http-client';
import { fixture } from './images';
import { uploadBytes, verdictOf } from './uploads';

/** Shared by the mask tests: areas as the editor paints them, sent through the real endpoints. */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The editor's PNG: the area painted opaque white on a transparent canvas of the image's size. */
export function paintedMask(width: number, height: number, boxes: Box[]): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 4);
  for (const box of boxes)
    for (let y = Math.max(0, box.top); y < Math.min(height, box.top + box.height); y += 1)
      for (let x = Math.max(0, box.left); x < Math.min(width, box.left + box.width); x += 1)
        raw.fill(255, (y * width + x) * 4, (y * width + x) * 4 + 4);
  return sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export function postMask(client: TestClient, fileId: string, png: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('file_id', fileId);
  form.append('mask', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'mask.png');
  return client.request('/api/masks', { method: 'POST', body: form });
}

export async function storedMask(client: TestClient, fileId: string, png: Buffer): Promise<ImageMask> {
  const response = await postMask(client, fileId, png);
  if (response.status !== 201) throw new Error(`mask refused with ${response.status}: ${await response.text()}`);
  return (await response.json()) as ImageMask;
}

/** A fixture photo (path under fixtures/) uploaded and approved. */
export async function approvedFixture(client: TestClient, name: string): Promise<UserFile> {
  const response = await uploadBytes(client, fixture(name), name.split('/').pop()!);
  if (response.status !== 201) throw new Error(`upload of ${name} failed with ${response.status}`);
  const file = await verdictOf(client, ((await response.json()) as UserFile).id);
  if (file.verified_enum !== 'approved') throw new Error(`${name} was not approved`);
  return file;
}

/** Sends a masked edit with its paid reply, as the composer does. */
export async function sendMaskedEdit(
  client: TestClient,
  input: { text: string; fileIds: string[]; maskId: string; engine?: string },
): Promise<Response> {
  return client.post('/api/messages', {
    session_id: 'new',
    content_text: input.text,
    file_ids: input.fileIds,
    mask_id: input.maskId,
    request_reply: true,
    ...(input.engine ? { engine: input.engine } : {}),
  });
}

export async function pixelsOf(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * How the result differs from the source outside the boxes grown by `reach` pixels, and how much
 * of what is inside the boxes changed: the largest and the mean channel difference outside, and
 * the share of inside pixels that moved by more than 30 levels.
 */
export async function differences(source: Buffer, result: Buffer, boxes: Box[], reach: number) {
  const before = await pixelsOf(source);
  const after = await pixelsOf(result);
  if (before.width !== after.width || before.height !== after.height)
    throw new Error(`result is ${after.width}×${after.height}, source ${before.width}×${before.height}`);
  const near = (x: number, y: number, grow: number) =>
    boxes.some((box) => x >= box.left - grow && x < box.left + box.width + grow && y >= box.top - grow && y < box.top + box.height + grow);
  let outsideWorst = 0;
  let outsideSum = 0;
  let outsideCount = 0;
  let insideChanged = 0;
  let insideCount = 0;
  for (let y = 0; y < before.height; y += 1)
    for (let x = 0; x < before.width; x += 1) {
      const offset = (y * before.width + x) * 3;
      const diff = Math.max(...[0, 1, 2].map((c) => Math.abs(after.data[offset + c]! - before.data[offset + c]!)));
      if (!near(x, y, reach)) {
        outsideWorst = Math.max(outsideWorst, diff);
        outsideSum += diff;
        outsideCount += 1;
      } else if (near(x, y, 0)) {
        insideCount += 1;
        if (diff > 30) insideChanged += 1;
      }
    }
  return { outsideWorst, outsideMean: outsideSum / outsideCount, insideChangedShare: insideChanged / insideCount };
}
