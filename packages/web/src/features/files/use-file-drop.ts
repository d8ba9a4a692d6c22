import { useCallback, useRef, useState, type DragEvent } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** Drag-over state and handlers for a drop zone: over, then overlay, then drop. */
export function useFileDrop(onDrop: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const onDragEnter = useCallback((e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth.current += 1;
    setOver(true);
  }, []);
  const onDragLeave = useCallback((e: DragEvent) => {
    if (!hasFiles(e)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  }, []);
  const onDragOver = useCallback((e: DragEvent) => {
    if (hasFiles(e)) e.preventDefault();
  }, []);
  const handleDrop = useCallback(
    (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      onDrop(Array.from(e.dataTransfer.files));
    },
    [onDrop],
  );
  return { over, handlers: { onDragEnter, onDragLeave, onDragOver, onDrop: handleDrop } };
}
