import * as Dialog from '@radix-ui/react-dialog';
import { Brush, Eraser, FlipHorizontal2, Redo2, SquareDashed, Trash2, Undo2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { useErrorText } from '@web/lib/server-text';
import { createMask } from '../../api/create-mask';
import { MaskCanvas } from './mask-canvas';

/** What "Done" hands to the composer: the image, its stored mask and a picture of the area. */
export interface SelectedArea {
  file: MessageFile;
  maskId: string;
  overlayUrl: string;
}

const BRUSH_SIZES = [8, 16, 32, 64, 128] as const;
const MIN_ZOOM = 1;
const MAX_ZOOM = 8;

type Tool = 'brush' | 'eraser';
interface View {
  zoom: number;
  x: number;
  y: number;
}
type Point = { x: number; y: number };

/**
 * "Select area": paint over the part of an image an edit may change. Brush and eraser in five
 * sizes, undo and redo, clear, select all and invert, with the area shown as an overlay. One
 * finger, a mouse or a pen paints; two fingers pan and zoom (phones). Every control is a button
 * with a name and a key: B brush, E eraser, [ and ] size, Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo,
 * I invert, A select all.
 */
export function MaskEditorDialog({
  file,
  onCancel,
  onDone,
}: {
  file: MessageFile | null;
  onCancel: () => void;
  onDone: (area: SelectedArea) => void;
}) {
  const { t } = useTranslation('studio');
  return (
    <Dialog.Root open={file !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-background sm:inset-6 sm:rounded-xl"
          aria-describedby="mask-editor-help"
        >
          <Dialog.Title className="sr-only">{t('mask.title', { name: file?.originalFilename ?? '' })}</Dialog.Title>
          {file && <MaskEditor file={file} onCancel={onCancel} onDone={onDone} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MaskEditor({ file, onCancel, onDone }: { file: MessageFile; onCancel: () => void; onDone: (area: SelectedArea) => void }) {
  const { t } = useTranslation('studio');
  const errorText = useErrorText();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const mask = useRef<MaskCanvas | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tool, setTool] = useState<Tool>('brush');
  const [brush, setBrush] = useState<number>(2);
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  // Re-read after every change: what the buttons may do and whether anything is selected.
  const [state, setState] = useState({ canUndo: false, canRedo: false, coverage: 0 });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const stroke = useRef<{ last: Point } | null>(null);
  const pinch = useRef<{ distance: number; centre: Point; view: View } | null>(null);

  useEffect(() => {
    if (size && canvasRef.current && !mask.current) mask.current = new MaskCanvas(canvasRef.current);
  }, [size]);

  const refresh = useCallback(() => {
    const current = mask.current;
    if (current) setState({ canUndo: current.canUndo, canRedo: current.canRedo, coverage: current.coverage() });
  }, []);

  const change = (apply: (canvas: MaskCanvas) => void) => {
    const current = mask.current;
    if (!current) return;
    current.remember();
    apply(current);
    refresh();
  };
  const undo = () => {
    mask.current?.undo();
    refresh();
  };
  const redo = () => {
    mask.current?.redo();
    refresh();
  };

  /** A pointer's place on the canvas, in the image's own pixels. */
  const imagePoint = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * event.currentTarget.width,
      y: ((event.clientY - box.top) / box.height) * event.currentTarget.height,
    };
  };
  /** The brush's width in image pixels: its size on screen, whatever the zoom. */
  const brushWidth = (canvas: HTMLCanvasElement) => (BRUSH_SIZES[brush]! * canvas.width) / canvas.getBoundingClientRect().width;

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      // A second finger: the stroke the first one began was the start of a pinch.
      if (stroke.current) mask.current?.forgetLast();
      stroke.current = null;
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, view };
      refresh();
      return;
    }
    if (pointers.current.size > 2 || !mask.current) return;
    mask.current.remember();
    const point = imagePoint(event);
    mask.current.stroke(point, point, brushWidth(event.currentTarget), tool === 'eraser');
    stroke.current = { last: point };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const start = pinch.current;
      const zoom = Math.min(
        MAX_ZOOM,
        Math.max(MIN_ZOOM, (start.view.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / Math.max(1, start.distance)),
      );
      setView({ zoom, x: start.view.x + (a.x + b.x) / 2 - start.centre.x, y: start.view.y + (a.y + b.y) / 2 - start.centre.y });
      return;
    }
    if (!stroke.current || !mask.current) return;
    const point = imagePoint(event);
    mask.current.stroke(stroke.current.last, point, brushWidth(event.currentTarget), tool === 'eraser');
    stroke.current.last = point;
  };

  const onPointerEnd = (event: PointerEvent<HTMLCanvasElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (stroke.current && pointers.current.size === 0) {
      stroke.current = null;
      refresh();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    const handled = (() => {
      if (command && key === 'z') return (event.shiftKey ? redo() : undo(), true);
      if (command && key === 'y') return (redo(), true);
      if (command) return false;
      if (key === 'b') return (setTool('brush'), true);
      if (key === 'e') return (setTool('eraser'), true);
      if (key === '[') return (setBrush((value) => Math.max(0, value - 1)), true);
      if (key === ']') return (setBrush((value) => Math.min(BRUSH_SIZES.length - 1, value + 1)), true);
      if (key === 'i') return (change((canvas) => canvas.invert()), true);
      if (key === 'a') return (change((canvas) => canvas.selectAll()), true);
      return false;
    })();
    if (handled) event.preventDefault();
  };

  const done = async () => {
    if (!mask.current) return;
    setSaving(true);
    setError(null);
    try {
      const stored = await createMask(file.id, await mask.current.toPng());
      onDone({ file, maskId: stored.id, overlayUrl: mask.current.toOverlayUrl() });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? errorText(failure) : t('mask.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const toolButton = (value: Tool, label: string, Icon: typeof Brush, keyName: string) => (
    <Button
      variant={tool === value ? 'primary' : 'outline'}
      size="sm"
      aria-pressed={tool === value}
      onClick={() => setTool(value)}
      aria-keyshortcuts={keyName}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center gap-2 border-b p-2" role="toolbar" aria-label={t('mask.tools')}>
        {toolButton('brush', t('mask.brush'), Brush, 'B')}
        {toolButton('eraser', t('mask.eraser'), Eraser, 'E')}
        <label className="flex items-center gap-2 text-sm">
          <span>{t('mask.size')}</span>
          <input
            type="range"
            min={0}
            max={BRUSH_SIZES.length - 1}
            step={1}
            value={brush}
            onChange={(event) => setBrush(Number(event.target.value))}
            aria-valuetext={t('mask.sizeValue', { px: BRUSH_SIZES[brush] })}
            aria-keyshortcuts="[ ]"
            className="w-24"
          />
        </label>
        <Button variant="outline" size="sm" onClick={undo} disabled={!state.canUndo} aria-keyshortcuts="Control+Z">
          <Undo2 className="size-4" aria-hidden="true" />
          {t('mask.undo')}
        </Button>
        <Button variant="outline" size="sm" onClick={redo} disabled={!state.canRedo} aria-keyshortcuts="Control+Shift+Z">
          <Redo2 className="size-4" aria-hidden="true" />
          {t('mask.redo')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => change((canvas) => canvas.clear())} disabled={state.coverage === 0}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('mask.clear')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => change((canvas) => canvas.selectAll())} aria-keyshortcuts="A">
          <SquareDashed className="size-4" aria-hidden="true" />
          {t('mask.selectAll')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => change((canvas) => canvas.invert())} aria-keyshortcuts="I">
          <FlipHorizontal2 className="size-4" aria-hidden="true" />
          {t('mask.invert')}
        </Button>
        <Dialog.Close className="ml-auto flex size-9 items-center justify-center rounded-full hover:bg-muted" aria-label={t('mask.cancel')}>
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      <p id="mask-editor-help" className="px-3 pt-2 text-sm text-muted-foreground">
        {t('mask.help')}
      </p>
      <div className="relative min-h-0 flex-1 touch-none overflow-hidden p-3">
        {loadFailed ? (
          <p role="alert" className="text-sm text-destructive">
            {t('mask.imageFailed')}
          </p>
        ) : (
          <div className="flex h-full items-center justify-center">
            <div
              className="relative inline-block max-h-full max-w-full origin-center"
              style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` }}
            >
              <img
                src={file.fileUrl}
                alt={file.originalFilename}
                className="block max-h-[calc(100dvh-12rem)] max-w-full select-none object-contain"
                draggable={false}
                onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
                onError={() => setLoadFailed(true)}
              />
              {size && (
                <canvas
                  ref={canvasRef}
                  width={size.width}
                  height={size.height}
                  data-testid="mask-canvas"
                  aria-label={t('mask.canvas')}
                  className={cn('absolute inset-0 h-full w-full opacity-50', tool === 'eraser' ? 'cursor-cell' : 'cursor-crosshair')}
                  onPointerDown={onPointerDown}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerEnd}
                  onPointerCancel={onPointerEnd}
                />
              )}
            </div>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t p-3">
        <span className="text-sm text-muted-foreground" role="status" data-testid="mask-coverage">
          {state.coverage === 0
            ? t('mask.nothingSelected')
            : t('mask.coverage', { percent: Math.max(1, Math.round(state.coverage * 100)) })}
        </span>
        {error && (
          <span role="alert" className="text-sm text-destructive">
            {error}
          </span>
        )}
        <div className="ml-auto flex gap-2">
          <Button variant="outline" onClick={onCancel}>
            {t('mask.cancel')}
          </Button>
          <Button onClick={() => void done()} disabled={state.coverage === 0 || saving}>
            {saving ? t('mask.saving') : t('mask.done')}
          </Button>
        </div>
      </div>
    </div>
  );
}
