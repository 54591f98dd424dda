import { describe, expect, it } from 'vitest';
import { chatImageBox } from './image-box';

describe('chatImageBox', () => {
  it('keeps a tall image whole by narrowing it to the maximum height', () => {
    expect(chatImageBox(512, 1024, 28)).toEqual({ aspectRatio: '512 / 1024', width: 'min(100%, 14rem)' });
  });

  it('lets a wide image take the column width, its height following its shape', () => {
    expect(chatImageBox(1536, 512, 28)).toEqual({ aspectRatio: '1536 / 512', width: 'min(100%, 84rem)' });
  });

  it('reserves nothing for an image of unknown size', () => {
    expect(chatImageBox(null, 512, 28)).toBeNull();
    expect(chatImageBox(512, 0, 28)).toBeNull();
    expect(chatImageBox(undefined, undefined, 28)).toBeNull();
  });
});
