import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import type { LayersModel } from '@tensorflow/tfjs-layers';
import { MODEL_FILES } from './model-files';
import {
  FACE_DETECTION_SIZE,
  POSE_SIZE,
  SEGMENTATION_SIZE,
  type VisionAnswer,
  type VisionEnvelope,
  type VisionRequest,
  type VisionResponse,
} from './vision-protocol';

/**
 * The vision worker: TensorFlow.js on its WebAssembly backend, in a thread of its own so model
 * inference never blocks the API's event loop (and so the Emscripten runtime's process-wide error
 * handlers stay inside this thread). One per process; each model is loaded from its npm package the
 * first time it is needed and kept. Single-threaded WebAssembly (SIMD where the CPU has it): one core.
 */

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

async function readModel(file: string): Promise<tf.io.IOHandler> {
  const json = JSON.parse(await readFile(file, 'utf8')) as ModelJson;
  const buffers: Buffer[] = [];
  for (const group of json.weightsManifest)
    for (const shard of group.paths) buffers.push(await readFile(path.join(path.dirname(file), shard)));
  const weights = Buffer.concat(buffers);
  return tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
  });
}

let backend: Promise<void> | null = null;
function ready(): Promise<void> {
  backend ??= (async () => {
    // Threads would need Emscripten's Blob-URL workers, which Node does not run; one core is the budget anyway.
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    setWasmPaths(`${MODEL_FILES.tfjsWasmDirectory()}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js WebAssembly backend could not start.');
    await tf.ready();
  })();
  return backend;
}

const graphModels = new Map<string, Promise<GraphModel>>();
function graphModel(file: string): Promise<GraphModel> {
  let model = graphModels.get(file);
  if (!model) {
    model = ready().then(async () => loadGraphModel(await readModel(file)));
    graphModels.set(file, model);
  }
  return model;
}

let upscaler: Promise<LayersModel> | null = null;
function esrgan(): Promise<LayersModel> {
  // tfjs-layers is big and only upscaling needs it: loaded on the first upscale, not with the worker.
  upscaler ??= ready().then(async () => {
    const { loadLayersModel } = await import('@tensorflow/tfjs-layers');
    return loadLayersModel(await readModel(MODEL_FILES.esrganX2()));
  });
  return upscaler;
}

function pictureTensor(rgb: Uint8Array, height: number, width: number, scale: number, offset: number): tf.Tensor4D {
  const values = new Float32Array(rgb.length);
  for (let index = 0; index < rgb.length; index += 1) values[index] = rgb[index]! * scale + offset;
  return tf.tensor4d(values, [1, height, width, 3]);
}

async function segment(rgb: Uint8Array): Promise<Float32Array> {
  const model = await graphModel(MODEL_FILES.selfie());
  const output = tf.tidy(() => model.execute(pictureTensor(rgb, SEGMENTATION_SIZE, SEGMENTATION_SIZE, 1 / 255, 0)) as tf.Tensor);
  try {
    return (await output.data()) as Float32Array;
  } finally {
    output.dispose();
  }
}

/** BlazeFace's four outputs (scores and boxes for the 16×16 and 8×8 anchor grids) as one 896 × 17 table. */
async function detectFaces(rgb: Uint8Array): Promise<Float32Array> {
  const model = await graphModel(MODEL_FILES.blazeface());
  const table = tf.tidy(() => {
    const outputs = model.execute(pictureTensor(rgb, FACE_DETECTION_SIZE, FACE_DETECTION_SIZE, 1 / 127.5, -1)) as tf.Tensor | tf.Tensor[];
    if (!Array.isArray(outputs)) return tf.squeeze(outputs);
    const [scoresSmall, scoresLarge, boxesSmall, boxesLarge] = [...outputs].sort((a, b) => a.size - b.size) as [
      tf.Tensor,
      tf.Tensor,
      tf.Tensor,
      tf.Tensor,
    ];
    return tf.squeeze(tf.concat([tf.concat([scoresLarge, boxesLarge], 2), tf.concat([scoresSmall, boxesSmall], 2)], 1));
  });
  try {
    return (await table.data()) as Float32Array;
  } finally {
    table.dispose();
  }
}

/** MoveNet takes the picture's bytes as they are (int32 0-255) and answers 1×1×17×3. */
async function detectPose(rgb: Uint8Array): Promise<Float32Array> {
  const model = await graphModel(MODEL_FILES.movenet());
  const output = tf.tidy(() => model.execute(tf.tensor4d(Int32Array.from(rgb), [1, POSE_SIZE, POSE_SIZE, 3], 'int32')) as tf.Tensor);
  try {
    return Float32Array.from(await output.data());
  } finally {
    output.dispose();
  }
}

async function upscale(rgb: Uint8Array, width: number, height: number): Promise<{ rgb: Uint8Array; width: number; height: number }> {
  const model = await esrgan();
  const output = tf.tidy(() =>
    tf.cast(tf.round(tf.clipByValue(model.predict(pictureTensor(rgb, height, width, 1, 0)) as tf.Tensor, 0, 255)), 'int32'),
  );
  try {
    const values = (await output.data()) as Int32Array;
    return { rgb: Uint8Array.from(values), width: output.shape[2]!, height: output.shape[1]! };
  } finally {
    output.dispose();
  }
}

async function handle(request: VisionRequest): Promise<{ response: VisionResponse; transfer: ArrayBuffer[] }> {
  switch (request.kind) {
    case 'segment': {
      const mask = await segment(request.rgb);
      return { response: { kind: 'segment', mask }, transfer: [mask.buffer as ArrayBuffer] };
    }
    case 'detect-faces': {
      const raw = await detectFaces(request.rgb);
      return { response: { kind: 'detect-faces', raw }, transfer: [raw.buffer as ArrayBuffer] };
    }
    case 'detect-pose': {
      const keypoints = await detectPose(request.rgb);
      return { response: { kind: 'detect-pose', keypoints }, transfer: [keypoints.buffer as ArrayBuffer] };
    }
    case 'upscale': {
      const result = await upscale(request.rgb, request.width, request.height);
      return { response: { kind: 'upscale', ...result }, transfer: [result.rgb.buffer as ArrayBuffer] };
    }
  }
}

const port = parentPort;
if (!port) throw new Error('vision-worker runs as a worker thread');

/**
 * One request at a time, in order: the thread is one core's worth of work. Requests wait in a
 * queue of their own (not a promise chain) so that a cancel arriving while another request runs is
 * seen before the cancelled one's turn: the loop yields to the thread's messages between requests.
 */
const queue: { id: number; request: VisionRequest }[] = [];
let working = false;

function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function work(): Promise<void> {
  if (working) return;
  working = true;
  try {
    for (;;) {
      await yieldToMessages();
      const next = queue.shift();
      if (!next) return;
      try {
        const { response, transfer } = await handle(next.request);
        port!.postMessage({ id: next.id, ok: true, response } satisfies VisionAnswer, transfer);
      } catch (error) {
        port!.postMessage({
          id: next.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        } satisfies VisionAnswer);
      }
    }
  } finally {
    working = false;
  }
}

port.on('message', (envelope: VisionEnvelope) => {
  if ('cancel' in envelope) {
    const index = queue.findIndex((queued) => queued.id === envelope.id);
    if (index >= 0) queue.splice(index, 1);
    return;
  }
  queue.push(envelope);
  void work();
});
