import { pipelineOf, toRaster, type Raster } from '../raster';
import { runVision } from './vision-client';
import { POSE_SIZE } from './vision-protocol';

/**
 * Where a person's body parts are: MoveNet SinglePose Lightning's 17 keypoints, found on a square
 * crop around the person (so a small, distant person fills the model's 192×192 input as a close
 * one does) and given back in the photo's pixels. It finds shoulders and hips from behind as well
 * as from the front, where a face detector finds nothing.
 */

export const KEYPOINT_NAMES = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;

export type KeypointName = (typeof KEYPOINT_NAMES)[number];

export interface Keypoint {
  x: number;
  y: number;
  /** 0-1: how sure the model is that this part is there. */
  score: number;
}

export type Pose = Record<KeypointName, Keypoint>;

/** Below this a keypoint is a guess, not a finding (MoveNet's own demos draw from 0.3). */
export const KEYPOINT_MIN_SCORE = 0.3;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The model's 17 × (y, x, score), each 0-1 of its input, in the picture's pixels through the crop it was given. */
export function decodePose(values: Float32Array, crop: Box): Pose {
  const width = crop.right - crop.left;
  const height = crop.bottom - crop.top;
  const pose = {} as Pose;
  KEYPOINT_NAMES.forEach((name, index) => {
    pose[name] = {
      y: crop.top + values[index * 3]! * height,
      x: crop.left + values[index * 3 + 1]! * width,
      score: values[index * 3 + 2]!,
    };
  });
  return pose;
}

/** A square around `around` (the person's box, or the whole picture), grown a little, that may reach past the picture's edges (padded black). */
function squareCrop(picture: Raster, around: Box | null): Box {
  const box = around ?? { left: 0, top: 0, right: picture.width, bottom: picture.height };
  const side = Math.max(box.right - box.left, box.bottom - box.top) * (around ? 1.15 : 1);
  const centreX = (box.left + box.right) / 2;
  const centreY = (box.top + box.bottom) / 2;
  return {
    left: Math.round(centreX - side / 2),
    top: Math.round(centreY - side / 2),
    right: Math.round(centreX + side / 2),
    bottom: Math.round(centreY + side / 2),
  };
}

/** The body's keypoints in `picture`, looked for on `copy` (a smaller copy of it) within `personBox` (in the copy's pixels) when given. */
export async function detectPose(picture: Raster, copy: Raster, personBox: Box | null, signal?: AbortSignal): Promise<Pose> {
  const crop = squareCrop(copy, personBox);
  const inside = {
    left: Math.max(0, crop.left),
    top: Math.max(0, crop.top),
    right: Math.min(copy.width, crop.right),
    bottom: Math.min(copy.height, crop.bottom),
  };
  const scale = POSE_SIZE / (crop.right - crop.left);
  const contentWidth = Math.max(1, Math.min(POSE_SIZE, Math.round((inside.right - inside.left) * scale)));
  const contentHeight = Math.max(1, Math.min(POSE_SIZE, Math.round((inside.bottom - inside.top) * scale)));
  const padLeft = Math.min(POSE_SIZE - contentWidth, Math.max(0, Math.round((inside.left - crop.left) * scale)));
  const padTop = Math.min(POSE_SIZE - contentHeight, Math.max(0, Math.round((inside.top - crop.top) * scale)));
  const input = await toRaster(
    pipelineOf(copy)
      .extract({ left: inside.left, top: inside.top, width: inside.right - inside.left, height: inside.bottom - inside.top })
      .resize(contentWidth, contentHeight, { fit: 'fill' })
      .extend({
        left: padLeft,
        top: padTop,
        right: POSE_SIZE - contentWidth - padLeft,
        bottom: POSE_SIZE - contentHeight - padTop,
        background: '#000000',
      }),
  );
  const { keypoints } = await runVision({ kind: 'detect-pose', rgb: new Uint8Array(input.data) }, signal);
  const back = picture.width / copy.width;
  return decodePose(keypoints, { left: crop.left * back, top: crop.top * back, right: crop.right * back, bottom: crop.bottom * back });
}

/** The box (in the mask's pixels) of the mask's confident part, or null when it has none. */
export function personBoxOf(alpha: Uint8Array, width: number, height: number): Box | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (alpha[y * width + x]! < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}

export function seen(point: Keypoint): boolean {
  return point.score >= KEYPOINT_MIN_SCORE;
}

/** A body's trunk seen this surely is a person, face or no face. */
const BODY_MIN_SCORE = 0.4;

/**
 * Whether the pose is a person's body the mask agrees with: both shoulders and a hip seen surely,
 * each inside the person mask (`alpha`, `width` × `height`, a copy of the picture `scale` times its
 * size). A person seen from behind or far off has no face to find, but has a trunk; a rock face the
 * segmentation takes for a person has neither.
 */
export function bodyIsSeen(pose: Pose, alpha: Uint8Array, width: number, height: number, scale: number): boolean {
  const trunk = [pose.leftShoulder, pose.rightShoulder, pose.leftHip.score >= pose.rightHip.score ? pose.leftHip : pose.rightHip];
  return trunk.every((point) => {
    if (point.score < BODY_MIN_SCORE) return false;
    const x = Math.min(width - 1, Math.max(0, Math.round(point.x * scale)));
    const y = Math.min(height - 1, Math.max(0, Math.round(point.y * scale)));
    return alpha[y * width + x]! >= 100;
  });
}
