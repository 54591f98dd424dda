import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@shared/studio';
import { acceptPickedFiles, canSend, freeAttachmentSlots, screenPickedFiles } from './composer-rules';
import type { PendingUpload } from './pending-upload';

const image = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const item = (patch: Partial<PendingUpload> = {}): PendingUpload => ({
  id: crypto.randomUUID(),
  file: image('p.jpg'),
  preview: 'blob:p',
  status: 'pending',
  ...patch,
});
const approved = () => item({ status: 'complete', result: 'approved', userFileId: crypto.randomUUID() });

describe('picking images for a message', () => {
  it('keeps image files only', () => {
    const picked = [
      image('a.jpg'),
      new File(['<?php'], 'shell.php', { type: 'application/x-php' }),
      new File(['x'], 'b.png', { type: 'image/png' }),
    ];
    expect(acceptPickedFiles(picked, []).accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.png']);
  });

  it('takes at most 5 images per message and says when some were left out', () => {
    const seven = Array.from({ length: 7 }, (_, i) => image(`${i}.jpg`));
    expect(acceptPickedFiles(seven, [])).toMatchObject({ overLimit: true });
    expect(acceptPickedFiles(seven, []).accepted).toHaveLength(5);
    const three = [item(), item(), item()];
    expect(acceptPickedFiles(seven.slice(0, 2), three)).toMatchObject({ overLimit: false });
    expect(acceptPickedFiles(seven.slice(0, 3), three).accepted).toHaveLength(2);
    expect(acceptPickedFiles(seven.slice(0, 1), [...three, item(), item()])).toEqual({ accepted: [], overLimit: true });
  });
});

describe('refusing picked files by name', () => {
  it('refuses a file that is not an image, an image kind the server does not take, and a file over the size limit', () => {
    const oversize = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const atLimit = new File([new Uint8Array(UPLOAD_MAX_BYTES)], 'big.png', { type: 'image/png' });
    const picked = [
      image('a.jpg'),
      new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }),
      new File(['x'], 'no-type', { type: '' }),
      new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }),
      oversize,
      atLimit,
      new File(['x'], 'c.webp', { type: 'image/webp' }),
    ];
    const { usable, refusals } = screenPickedFiles(picked);
    expect(usable.map((f) => f.name)).toEqual(['a.jpg', 'big.png', 'c.webp']);
    expect(refusals).toEqual([
      { name: 'report.pdf', reason: 'notImage' },
      { name: 'no-type', reason: 'notImage' },
      { name: 'cat.gif', reason: 'unsupportedImage' },
      { name: 'huge.jpg', reason: 'tooLarge' },
    ]);
  });

  it('names the images past the free slots of the message', () => {
    const seven = Array.from({ length: 7 }, (_, i) => image(`${i}.jpg`));
    const { usable, refusals } = screenPickedFiles([...seven, new File(['x'], 'notes.txt', { type: 'text/plain' })], 5);
    expect(usable).toHaveLength(7);
    expect(refusals).toEqual([
      { name: 'notes.txt', reason: 'notImage' },
      { name: '5.jpg', reason: 'overLimit' },
      { name: '6.jpg', reason: 'overLimit' },
    ]);
    expect(screenPickedFiles(seven.slice(0, 2), 0).refusals.map((r) => r.reason)).toEqual(['overLimit', 'overLimit']);
  });
});

describe('when a message can be sent', () => {
  const ready = { isLoading: false, disabled: false };
  it('needs text or an approved image', () => {
    expect(canSend({ ...ready, text: '', items: [] })).toBe(false);
    expect(canSend({ ...ready, text: '  \n ', items: [] })).toBe(false);
    expect(canSend({ ...ready, text: 'make it red', items: [] })).toBe(true);
    expect(canSend({ ...ready, text: '', items: [approved()] })).toBe(true);
    expect(canSend({ ...ready, text: '', items: [item({ status: 'complete', result: 'rejected', userFileId: 'r' })] })).toBe(false);
    expect(canSend({ ...ready, text: '', items: [item({ status: 'processing', error: 'File verification timeout' })] })).toBe(false);
  });

  it('is blocked while loading, disabled or uploading, and past 500 characters', () => {
    expect(canSend({ ...ready, isLoading: true, text: 'x', items: [] })).toBe(false);
    expect(canSend({ ...ready, disabled: true, text: 'x', items: [] })).toBe(false);
    expect(canSend({ ...ready, text: 'x', items: [approved(), item({ status: 'processing' })] })).toBe(false);
    expect(canSend({ ...ready, text: 'x'.repeat(500), items: [] })).toBe(true);
    expect(canSend({ ...ready, text: 'x'.repeat(501), items: [] })).toBe(false);
  });

  it('is not held up by a failed upload once the others are done', () => {
    expect(canSend({ ...ready, text: '', items: [approved(), item({ status: 'processing', error: 'Network request failed' })] })).toBe(
      true,
    );
  });
});

describe('the image an edit targets shares the message limit', () => {
  it('leaves four upload slots while an image is chosen with Edit this image, so a message never carries six', () => {
    const four = [item(), item(), item(), item()];
    expect(freeAttachmentSlots(four)).toBe(1);
    expect(freeAttachmentSlots(four, 1)).toBe(0);
    expect(acceptPickedFiles([image('fifth.jpg')], four, 1)).toEqual({ accepted: [], overLimit: true });
    expect(acceptPickedFiles([image('a.jpg'), image('b.jpg')], [], 1).accepted).toHaveLength(2);
    expect(
      acceptPickedFiles(
        Array.from({ length: 6 }, (_, i) => image(`${i}.jpg`)),
        [],
        1,
      ).accepted,
    ).toHaveLength(4);
  });
});
