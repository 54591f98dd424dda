import { afterAll, describe, expect, it } from 'vitest';
import { decodeToRaster } from '../raster';
import { fixture } from '../../test/pictures';
import { decodeFaces, detectFaces } from './faces';
import { stopVisionWorker } from './vision-client';

afterAll(() => stopVisionWorker());

describe('decoding BlazeFace', () => {
  it('turns a confident anchor into a box around its centre and drops weaker overlapping ones', () => {
    const raw = new Float32Array(896 * 17).fill(-10);
    // Anchor 136 sits in the first grid (stride 16, two per cell): cell (4, 4), centre (72, 72).
    const write = (anchor: number, score: number, dx: number) => {
      raw.set([score, dx, 0, 40, 50], anchor * 17);
    };
    write(136, 3, 2);
    write(137, 1, 4);
    const faces = decodeFaces(raw);
    expect(faces).toHaveLength(1);
    expect(faces[0]).toMatchObject({ left: 54, top: 47, right: 94, bottom: 97 });
    expect(faces[0]!.score).toBeCloseTo(1 / (1 + Math.exp(-3)), 5);
  });
});

describe('finding faces in the fixture portraits', () => {
  it.each(['people/013.jpg', 'people/037.jpg', 'people/082.jpg', 'people/099.jpg'])(
    'finds the one face in %s, eyes above the mouth',
    async (name) => {
      const faces = await detectFaces(await decodeToRaster(fixture(name), 640));
      expect(faces).toHaveLength(1);
      const [rightEye, leftEye, , mouth] = faces[0]!.keypoints;
      expect(mouth![1]).toBeGreaterThan(Math.max(rightEye![1], leftEye![1]));
      expect(faces[0]!.right - faces[0]!.left).toBeGreaterThan(640 * 0.2);
    },
  );

  it('finds none in a landscape', async () => {
    expect(await detectFaces(await decodeToRaster(fixture('photos/Landscape_3.jpg'), 640))).toEqual([]);
  });
});
