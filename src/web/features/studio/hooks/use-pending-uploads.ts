import { useCallback, useEffect, useRef, useState } from 'react';
import { correctOrientation } from '@web/lib/orientation';
import { useErrorText } from '@web/lib/server-text';
import { waitForVerification } from '../api/get-user-file';
import { uploadFile } from '../api/upload-file';
import { acceptPickedFiles } from '../lib/composer-rules';
import type { PendingUpload } from '../lib/pending-upload';

/**
 * The composer's photos, each on its way: upright → uploaded → verified.
 * Removing an item (or leaving the screen) stops its upload and polling.
 */
export function usePendingUploads(reservedSlots = 0) {
  const [items, setItems] = useState<PendingUpload[]>([]);
  // An upload's refusal, in the reader's language.
  const errorText = useErrorText();
  const [limitExceeded, setLimitExceeded] = useState(false);
  const itemsRef = useRef(items);
  // Slots the message fills otherwise (an edit target): read when files arrive, not when the hook was made.
  const reservedRef = useRef(reservedSlots);
  useEffect(() => {
    reservedRef.current = reservedSlots;
  }, [reservedSlots]);
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
      for (const item of itemsRef.current) URL.revokeObjectURL(item.preview);
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<PendingUpload>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const process = useCallback(
    async (item: PendingUpload, signal: AbortSignal) => {
      try {
        const upright = await correctOrientation(item.file);
        if (signal.aborted) return;
        update(item.id, { status: 'processing' });
        const uploaded = await uploadFile(upright, signal);
        update(item.id, { userFileId: uploaded.id, userFile: uploaded });
        const verified = uploaded.verified_enum === 'pending' ? await waitForVerification(uploaded.id, signal) : uploaded;
        update(item.id, {
          status: 'complete',
          result: verified.verified_enum === 'approved' ? 'approved' : 'rejected',
          userFile: verified,
        });
      } catch (error) {
        if (signal.aborted) return;
        update(item.id, { error: errorText(error) });
      } finally {
        controllers.current.delete(item.id);
      }
    },
    [update, errorText],
  );

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, overLimit } = acceptPickedFiles(files, itemsRef.current, reservedRef.current);
      setLimitExceeded(overLimit);
      const added: PendingUpload[] = accepted.map((file) => ({
        id: crypto.randomUUID(),
        file,
        preview: URL.createObjectURL(file),
        status: 'pending',
      }));
      if (added.length === 0) return;
      itemsRef.current = [...itemsRef.current, ...added];
      setItems(itemsRef.current);
      for (const item of added) {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        void process(item, controller.signal);
      }
    },
    [process],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setLimitExceeded(false);
    setItems((current) => {
      const gone = current.find((item) => item.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.id !== id);
    });
  }, []);

  /** After sending: the photos now belong to the message. */
  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    setLimitExceeded(false);
    setItems((current) => {
      for (const item of current) URL.revokeObjectURL(item.preview);
      return [];
    });
  }, []);

  return { items, addFiles, remove, clear, limitExceeded };
}
