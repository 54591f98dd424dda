import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK_TEXTS } from '@shared/masks';
import type { RunningServer } from '../../start-server';
import { signedInUser } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';
import { jobSettled, replyOf } from '@test/server/generation';
import { approvedFixture, differences, paintedMask, pixelsOf, postMask, sendMaskedEdit, storedMask, type Box } from '@test/server/masks';
import { reachOf } from '../generation/mask-compositing';
import { runRetention } from '../retention/retention.service';

/**
 * Selected areas through the real API with the built-in engine: stored only as a PNG of the
 * image's size that selects something, private to their owner, and an edit sent with one changes
 * that area and nothing else.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ IMAGE_ENGINE: 'local' });
});
afterAll(async () => {
  await server?.stop();
});

/** The left chest of the teal polo shirt in people/091.jpg (1000×1000). */
const SHIRT: Box = { left: 200, top: 680, width: 200, height: 260 };

describe('selected areas', () => {
  it('stores a PNG of the image’s size and refuses another size, another format and an empty area', async () => {
    const client = await signedInUser(server);
    const photo = await approvedFixture(client, 'people/091.jpg');

    const wrongSize = await postMask(client, photo.id, await paintedMask(500, 500, [SHIRT]));
    expect(wrongSize.status).toBe(400);
    expect(((await wrongSize.json()) as { message: string }).message).toBe(
      MASK_TEXTS.wrongSize({ width: 1000, height: 1000 }, { width: 500, height: 500 }),
    );

    const jpeg = await sharp(await paintedMask(1000, 1000, [SHIRT]))
      .jpeg()
      .toBuffer();
    const notPng = await postMask(client, photo.id, jpeg);
    expect(notPng.status).toBe(400);
    expect(((await notPng.json()) as { message: string }).message).toBe(MASK_TEXTS.notPng);

    const empty = await postMask(client, photo.id, await paintedMask(1000, 1000, []));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(MASK_TEXTS.empty);

    const mask = await storedMask(client, photo.id, await paintedMask(1000, 1000, [SHIRT]));
    expect(mask).toMatchObject({ file_id: photo.id, width: 1000, height: 1000 });
    expect(mask.coverage).toBeCloseTo((SHIRT.width * SHIRT.height) / 1_000_000, 4);
    // Stored as one channel, white where selected.
    const stored = await client.get(`/api/masks/${mask.id}`);
    expect(stored.status).toBe(200);
    const png = Buffer.from(await stored.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', channels: 1, width: 1000, height: 1000 });
    const data = await sharp(png).extractChannel(0).raw().toBuffer();
    expect(data[(SHIRT.top + 5) * 1000 + SHIRT.left + 5]).toBe(255);
    expect(data[10]).toBe(0);

    const whole = await storedMask(client, photo.id, await paintedMask(1000, 1000, [{ left: 0, top: 0, width: 1000, height: 1000 }]));
    expect(whole.coverage).toBe(1);
  });

  it('is another user’s "not found": their mask cannot be read, nor sent with a message, nor drawn on their image', async () => {
    const owner = await signedInUser(server);
    const photo = await approvedFixture(owner, 'people/091.jpg');
    const mask = await storedMask(owner, photo.id, await paintedMask(1000, 1000, [SHIRT]));

    const other = await signedInUser(server);
    expect((await other.get(`/api/masks/${mask.id}`)).status).toBe(404);
    const ownPhoto = await approvedFixture(other, 'people/091.jpg');
    const sent = await sendMaskedEdit(other, { text: 'make it red', fileIds: [ownPhoto.id], maskId: mask.id });
    expect(sent.status).toBe(404);
    expect(((await sent.json()) as { message: string }).message).toBe(MASK_TEXTS.notFound);
    expect((await postMask(other, photo.id, await paintedMask(1000, 1000, [SHIRT]))).status).toBe(404);
  });

  it('goes with the uploads after their retention time', async () => {
    const client = await signedInUser(server);
    const photo = await approvedFixture(client, 'people/091.jpg');
    const mask = await storedMask(client, photo.id, await paintedMask(1000, 1000, [SHIRT]));
    await runRetention({
      ...server.deps,
      config: { ...server.deps.config, retention: { ...server.deps.config.retention, uploadSeconds: 3600 } },
    });
    expect((await client.get(`/api/masks/${mask.id}`)).status).toBe(200);
    await runRetention({
      ...server.deps,
      config: { ...server.deps.config, retention: { ...server.deps.config.retention, uploadSeconds: 0 } },
    });
    expect((await client.get(`/api/masks/${mask.id}`)).status).toBe(404);
  });

  it('edits only the image it was drawn on, sent alone', async () => {
    const client = await signedInUser(server);
    const photo = await approvedFixture(client, 'people/091.jpg');
    const second = await approvedFixture(client, 'people/073.jpg');
    const mask = await storedMask(client, photo.id, await paintedMask(1000, 1000, [SHIRT]));
    const both = await sendMaskedEdit(client, { text: 'make it red', fileIds: [photo.id, second.id], maskId: mask.id });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { message: string }).message).toBe(MASK_TEXTS.oneImage);
  });

  it('"make it red" inside a mask on the shirt turns the shirt red and leaves everything else as it was', async () => {
    const client = await signedInUser(server);
    const photo = await approvedFixture(client, 'people/091.jpg');
    const mask = await storedMask(client, photo.id, await paintedMask(1000, 1000, [SHIRT]));
    const sent = await sendMaskedEdit(client, { text: 'make it red', fileIds: [photo.id], maskId: mask.id });
    expect(sent.status).toBe(201);
    const { reply } = (await sent.json()) as { reply: { job_id: string; reply_message_id: string; image_count: number } };
    expect(reply.image_count).toBe(1);
    expect((await jobSettled(server, reply.job_id)).status).toBe('completed');

    const answer = await replyOf(client, reply.reply_message_id);
    const result = Buffer.from(await (await client.get(answer.files[0]!.fileUrl)).arrayBuffer());
    const source = Buffer.from(await (await client.get(photo.file_url)).arrayBuffer());
    const change = await differences(source, result, [SHIRT], reachOf(1000, 1000));
    // Outside: the source's pixels, to within the JPEG's few levels.
    expect(change.outsideMean).toBeLessThan(1.5);
    expect(change.outsideWorst).toBeLessThanOrEqual(16);
    // Inside: the teal shirt became red.
    expect(change.insideChangedShare).toBeGreaterThan(0.8);
    const { data } = await pixelsOf(result);
    let reddish = 0;
    for (let y = SHIRT.top + 20; y < SHIRT.top + SHIRT.height - 20; y += 4)
      for (let x = SHIRT.left + 20; x < SHIRT.left + SHIRT.width - 20; x += 4) {
        const offset = (y * 1000 + x) * 3;
        if (data[offset]! > data[offset + 1]! + 20 && data[offset]! > data[offset + 2]! + 20) reddish += 1;
      }
    const sampled = Math.ceil((SHIRT.width - 40) / 4) * Math.ceil((SHIRT.height - 40) / 4);
    expect(reddish / sampled).toBeGreaterThan(0.8);
    expect(answer.contentText).toContain('The edit was confined to the selected area.');
    expect(answer.contentCodes).toContainEqual({ code: 'reply.confinedToArea' });
  });

  it('"make it red" inside a mask on the wall changes the wall, not the shirt the engine would pick by itself', async () => {
    const client = await signedInUser(server);
    const photo = await approvedFixture(client, 'people/091.jpg');
    const mask = await storedMask(client, photo.id, await paintedMask(1000, 1000, [WALL]));
    const sent = await sendMaskedEdit(client, { text: 'make it red', fileIds: [photo.id], maskId: mask.id });
    const { reply } = (await sent.json()) as { reply: { job_id: string; reply_message_id: string } };
    expect((await jobSettled(server, reply.job_id)).status).toBe('completed');
    const answer = await replyOf(client, reply.reply_message_id);
    const result = Buffer.from(await (await client.get(answer.files[0]!.fileUrl)).arrayBuffer());
    const source = Buffer.from(await (await client.get(photo.file_url)).arrayBuffer());
    const change = await differences(source, result, [WALL], reachOf(1000, 1000));
    expect(change.outsideMean).toBeLessThan(1.5);
    expect(change.insideChangedShare).toBeGreaterThan(0.8);
  });
});

/** Plain orange wall, top left of people/091.jpg. */
const WALL: Box = { left: 40, top: 60, width: 250, height: 300 };
