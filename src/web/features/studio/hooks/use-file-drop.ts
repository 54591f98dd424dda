import { useEffect, useRef, useState } from 'react';

const carriesFiles = (transfer: DataTransfer | null): boolean => transfer !== null && Array.from(transfer.types).includes('Files');

/**
 * Files dropped anywhere on the page, or pasted from the clipboard, while the screen is shown.
 * A file dropped beside the drop zone is still taken, never opened by the browser in place of the
 * app (the browser's default for a drop nobody handles). `dragging` is true while files are held
 * over the page, for the visible drop zone.
 */
export function useFileDrop(onFiles: (files: File[]) => void, enabled: boolean): { dragging: boolean } {
  const [dragging, setDragging] = useState(false);
  const onFilesRef = useRef(onFiles);
  const enabledRef = useRef(enabled);
  useEffect(() => {
    onFilesRef.current = onFiles;
    enabledRef.current = enabled;
  });

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed: the zone shows while any enter is unmatched.
    let depth = 0;
    const onDragEnter = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      depth += 1;
      setDragging(true);
    };
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = enabledRef.current ? 'copy' : 'none';
    };
    const onDragLeave = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (enabledRef.current && files.length > 0) onFilesRef.current(files);
    };
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      // Pasted text goes where the caret is, as always; only pasted files are taken here.
      if (files.length === 0) return;
      event.preventDefault();
      if (enabledRef.current) onFilesRef.current(files);
    };
    window.addEventListener('dragenter', onDragEnter);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('dragleave', onDragLeave);
    window.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragenter', onDragEnter);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('dragleave', onDragLeave);
      window.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  }, []);

  return { dragging };
}
