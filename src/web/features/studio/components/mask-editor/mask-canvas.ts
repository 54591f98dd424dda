/**
 * The mask as the editor paints it: a canvas of the image's natural size, opaque where the area is
 * selected and transparent elsewhere, with a history of whole-canvas snapshots for undo and redo.
 */
export const OVERLAY_COLOUR = '#ff2d78';
const HISTORY_LIMIT = 20;

export class MaskCanvas {
  private readonly context: CanvasRenderingContext2D;
  private undoStack: ImageData[] = [];
  private redoStack: ImageData[] = [];

  constructor(readonly canvas: HTMLCanvasElement) {
    this.context = canvas.getContext('2d', { willReadFrequently: true })!;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Call before each change: the state it can go back to. */
  remember(): void {
    this.undoStack.push(this.snapshot());
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack = [];
  }

  /** Puts back the state remembered last without making it redoable (a stroke that became a pinch). */
  forgetLast(): void {
    const last = this.undoStack.pop();
    if (last) this.context.putImageData(last, 0, 0);
  }

  undo(): void {
    const previous = this.undoStack.pop();
    if (!previous) return;
    this.redoStack.push(this.snapshot());
    this.context.putImageData(previous, 0, 0);
  }

  redo(): void {
    const next = this.redoStack.pop();
    if (!next) return;
    this.undoStack.push(this.snapshot());
    this.context.putImageData(next, 0, 0);
  }

  /** One segment of a stroke, in image pixels: paints the area, or erases it. */
  stroke(from: { x: number; y: number }, to: { x: number; y: number }, width: number, erase: boolean): void {
    const context = this.context;
    context.save();
    context.globalCompositeOperation = erase ? 'destination-out' : 'source-over';
    context.strokeStyle = OVERLAY_COLOUR;
    context.fillStyle = OVERLAY_COLOUR;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = width;
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    context.beginPath();
    context.arc(to.x, to.y, width / 2, 0, Math.PI * 2);
    context.fill();
    context.restore();
  }

  clear(): void {
    this.context.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  /** The whole image selected: for keyboard users and "change everything but…" with invert. */
  selectAll(): void {
    this.context.save();
    this.context.fillStyle = OVERLAY_COLOUR;
    this.context.fillRect(0, 0, this.canvas.width, this.canvas.height);
    this.context.restore();
  }

  /** Selected becomes unselected and the other way round. */
  invert(): void {
    const image = this.snapshot();
    const { data } = image;
    for (let offset = 0; offset < data.length; offset += 4) {
      const selected = data[offset + 3]! >= 128;
      data[offset] = 0xff;
      data[offset + 1] = 0x2d;
      data[offset + 2] = 0x78;
      data[offset + 3] = selected ? 0 : 255;
    }
    this.context.putImageData(image, 0, 0);
  }

  /** Share of the image selected, 0-1 (sampled: fast enough to run after every stroke). */
  coverage(): number {
    const { data } = this.snapshot();
    let selected = 0;
    let sampled = 0;
    for (let offset = 3; offset < data.length; offset += 4 * 16) {
      sampled += 1;
      if (data[offset]! >= 128) selected += 1;
    }
    return sampled === 0 ? 0 : selected / sampled;
  }

  /** The PNG the server takes: opaque white where selected, transparent elsewhere. */
  toPng(): Promise<Blob> {
    const out = document.createElement('canvas');
    out.width = this.canvas.width;
    out.height = this.canvas.height;
    const context = out.getContext('2d')!;
    context.drawImage(this.canvas, 0, 0);
    context.globalCompositeOperation = 'source-in';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, out.width, out.height);
    return new Promise((resolve, reject) =>
      out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The selected area could not be saved.'))), 'image/png'),
    );
  }

  /** A small picture of the area over nothing, for the composer's chip. */
  toOverlayUrl(maxSide = 256): string {
    const scale = Math.min(1, maxSide / Math.max(this.canvas.width, this.canvas.height));
    const small = document.createElement('canvas');
    small.width = Math.max(1, Math.round(this.canvas.width * scale));
    small.height = Math.max(1, Math.round(this.canvas.height * scale));
    small.getContext('2d')!.drawImage(this.canvas, 0, 0, small.width, small.height);
    return small.toDataURL('image/png');
  }

  private snapshot(): ImageData {
    return this.context.getImageData(0, 0, this.canvas.width, this.canvas.height);
  }
}
