import { describe, expect, it } from 'vitest';
import { EngineError } from './image-engine';
import { createLocalEngine } from './local-engine-adapter';

const engine = createLocalEngine({ workingMaxSide: 200, sceneLongSide: 200 });

describe('the built-in engine behind the ImageEngine interface', () => {
  it('refuses a request it cannot do with the app’s EngineError, kind invalid, so it is never retried', async () => {
    const attempt = engine.edit([], 'make it darker', { count: 1, aspectRatio: 'unchanged' });
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({ kind: 'invalid', message: 'There is no picture to edit.' });
  });

  it('reports a try stopped by its signal as transient, so the queue may try again', async () => {
    const stopped = new AbortController();
    stopped.abort(new Error('time is up'));
    const attempt = engine.generate('a lighthouse by the sea', { count: 1, aspectRatio: '1:1', signal: stopped.signal });
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({ kind: 'transient', message: 'The image took too long to make and was stopped.' });
  });

  it('makes pictures as the engine does', async () => {
    const result = await engine.generate('a lighthouse by the sea', { count: 2, aspectRatio: '1:1' });
    expect(engine.name).toBe('local');
    expect(result.images).toHaveLength(2);
    expect(result.images.every((image) => image.mimeType === 'image/jpeg')).toBe(true);
  });
});
