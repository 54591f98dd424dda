import { pipelineOf, toRaster, type Raster } from '../raster';
import { runVision } from './vision-client';
import { FACE_DETECTION_SIZE } from './vision-protocol';

/**
 * Faces in a photo, found by MediaPipe's BlazeFace (the back-camera model, for faces from close-up
 * to a few metres away) on a 256×256 letterboxed copy, and given back in the photo's pixels.
 */

export interface Face {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** 0-1. */
  score: number;
  /** Right eye, left eye, nose tip, mouth, right ear, left ear (the person's right and left). */
  keypoints: [number, number][];
}

const ANCHOR_COUNT = 896;
const ROW = 17;
const MIN_SCORE = 0.6;
const MAX_OVERLAP = 0.3;

/** BlazeFace's anchors: a 16×16 grid with two per cell, then an 8×8 grid with six per cell. */
function anchors(): [number, number][] {
  const out: [number, number][] = [];
  for (const [stride, perCell] of [
    [16, 2],
    [32, 6],
  ] as const) {
    const cells = FACE_DETECTION_SIZE / stride;
    for (let y = 0; y < cells; y += 1)
      for (let x = 0; x < cells; x += 1) for (let n = 0; n < perCell; n += 1) out.push([(x + 0.5) * stride, (y + 0.5) * stride]);
  }
  return out;
}

const ANCHORS = anchors();

function overlap(a: Face, b: Face): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / ((a.right - a.left) * (a.bottom - a.top) + (b.right - b.left) * (b.bottom - b.top) - shared);
}

/** The model's raw table (896 anchors × 17) to faces in its 256×256 input, best first, overlaps removed. */
export function decodeFaces(raw: Float32Array, minScore = MIN_SCORE): Face[] {
  const candidates: Face[] = [];
  for (let anchor = 0; anchor < ANCHOR_COUNT; anchor += 1) {
    const row = anchor * ROW;
    const score = 1 / (1 + Math.exp(-raw[row]!));
    if (score < minScore) continue;
    const [anchorX, anchorY] = ANCHORS[anchor]!;
    const centreX = raw[row + 1]! + anchorX;
    const centreY = raw[row + 2]! + anchorY;
    const width = raw[row + 3]!;
    const height = raw[row + 4]!;
    const keypoints: [number, number][] = [];
    for (let point = 0; point < 6; point += 1) keypoints.push([raw[row + 5 + point * 2]! + anchorX, raw[row + 6 + point * 2]! + anchorY]);
    candidates.push({
      left: centreX - width / 2,
      top: centreY - height / 2,
      right: centreX + width / 2,
      bottom: centreY + height / 2,
      score,
      keypoints,
    });
  }
  candidates.sort((a, b) => b.score - a.score);
  const kept: Face[] = [];
  for (const candidate of candidates) if (kept.every((face) => overlap(face, candidate) < MAX_OVERLAP)) kept.push(candidate);
  return kept;
}

/** Faces in `picture`, found on `copy` (a smaller copy of it, or the picture itself) and given in the picture's pixels. */
export async function detectFaces(picture: Raster, copy: Raster = picture, signal?: AbortSignal): Promise<Face[]> {
  const back = picture.width / copy.width;
  const faces = await detectFacesIn(copy, signal);
  if (back === 1) return faces;
  return faces.map((face) => ({
    ...face,
    left: face.left * back,
    top: face.top * back,
    right: face.right * back,
    bottom: face.bottom * back,
    keypoints: face.keypoints.map(([x, y]) => [x * back, y * back] as [number, number]),
  }));
}

async function detectFacesIn(picture: Raster, signal: AbortSignal | undefined): Promise<Face[]> {
  const scale = FACE_DETECTION_SIZE / Math.max(picture.width, picture.height);
  const contentWidth = Math.round(picture.width * scale);
  const contentHeight = Math.round(picture.height * scale);
  const padLeft = Math.floor((FACE_DETECTION_SIZE - contentWidth) / 2);
  const padTop = Math.floor((FACE_DETECTION_SIZE - contentHeight) / 2);
  const input = await toRaster(
    pipelineOf(picture)
      .resize(contentWidth, contentHeight, { fit: 'fill' })
      .extend({
        left: padLeft,
        top: padTop,
        right: FACE_DETECTION_SIZE - contentWidth - padLeft,
        bottom: FACE_DETECTION_SIZE - contentHeight - padTop,
        background: '#000000',
      }),
  );
  const { raw } = await runVision({ kind: 'detect-faces', rgb: new Uint8Array(input.data) }, signal);
  const toPicture = (x: number, y: number): [number, number] => [(x - padLeft) / scale, (y - padTop) / scale];
  return decodeFaces(raw).map((face) => {
    const [left, top] = toPicture(face.left, face.top);
    const [right, bottom] = toPicture(face.right, face.bottom);
    return { left, top, right, bottom, score: face.score, keypoints: face.keypoints.map(([x, y]) => toPicture(x, y)) };
  });
}
