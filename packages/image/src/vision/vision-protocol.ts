/**
 * Messages between the engine and its vision worker. Pixel buffers travel as transferred
 * ArrayBuffers, so nothing large is copied between the threads.
 */

export const SEGMENTATION_SIZE = 256;
export const FACE_DETECTION_SIZE = 256;
export const POSE_SIZE = 192;

export type VisionRequest =
  /** RGB bytes of a 256×256 picture → the person probability of each pixel (0-1). */
  | { kind: 'segment'; rgb: Uint8Array }
  /** RGB bytes of a 256×256 picture → BlazeFace's raw answer: 896 anchors × (score logit, box, 6 keypoints). */
  | { kind: 'detect-faces'; rgb: Uint8Array }
  /** RGB bytes of a 192×192 picture → MoveNet's 17 body keypoints, each (y, x, score), y and x 0-1 of that picture. */
  | { kind: 'detect-pose'; rgb: Uint8Array }
  /** RGB bytes of a tile → the tile at twice the size, RGB bytes. */
  | { kind: 'upscale'; rgb: Uint8Array; width: number; height: number };

export type VisionResponse =
  | { kind: 'segment'; mask: Float32Array }
  | { kind: 'detect-faces'; raw: Float32Array }
  | { kind: 'detect-pose'; keypoints: Float32Array }
  | { kind: 'upscale'; rgb: Uint8Array; width: number; height: number };

export type VisionReply<K extends VisionRequest['kind']> = Extract<VisionResponse, { kind: K }>;

/** A request to run, or word that the caller of a queued request gave up on it (its job's signal fired): it is dropped unrun. */
export type VisionEnvelope = { id: number; request: VisionRequest } | { id: number; cancel: true };

export type VisionAnswer = { id: number; ok: true; response: VisionResponse } | { id: number; ok: false; message: string };
