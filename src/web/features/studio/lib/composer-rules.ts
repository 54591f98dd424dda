import { MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@shared/constants';
import { UPLOAD_ALLOWED_MIME_TYPES, UPLOAD_MAX_BYTES } from '@shared/studio';
import { isApproved, isInFlight, type PendingUpload } from './pending-upload';

export interface SendState {
  text: string;
  items: readonly PendingUpload[];
  isLoading: boolean;
  disabled: boolean;
}

export const isUploading = (items: readonly PendingUpload[]): boolean => items.some(isInFlight);

/**
 * Spec section 5: a message needs text or at least one approved image, at most 500 characters,
 * and cannot be sent while loading, disabled (e.g. out of credit) or while photos still upload.
 */
export function canSend({ text, items, isLoading, disabled }: SendState): boolean {
  if (isLoading || disabled || isUploading(items)) return false;
  if (text.length > MESSAGE_MAX_LENGTH) return false;
  return text.trim().length > 0 || items.some(isApproved);
}

/**
 * How many more images fit in this message. `reserved` counts images the message carries besides
 * the uploads (the image chosen with 'Edit this image'): together they never pass the limit.
 */
export const freeAttachmentSlots = (items: readonly PendingUpload[], reserved = 0): number =>
  Math.max(0, MAX_ATTACHMENTS - items.length - reserved);

/** Splits picked files into the image files that fit and whether some were left out for the limit. */
export function acceptPickedFiles(
  files: readonly File[],
  items: readonly PendingUpload[],
  reserved = 0,
): { accepted: File[]; overLimit: boolean } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const slots = freeAttachmentSlots(items, reserved);
  return { accepted: images.slice(0, slots), overLimit: images.length > slots };
}

/** Why a picked file cannot be attached; each reason has its own message at the composer. */
export type PickRefusalReason = 'notImage' | 'unsupportedImage' | 'tooLarge' | 'overLimit';
export interface PickRefusal {
  name: string;
  reason: PickRefusalReason;
}

const ALLOWED_TYPES: readonly string[] = UPLOAD_ALLOWED_MIME_TYPES;

/**
 * Spec section 5, "image files only", made visible: a file that is not an image, an image of a
 * kind the server does not take, or one over the upload size limit is refused here, by name,
 * instead of disappearing (a file picker's type filter is only a hint: "All files" bypasses it).
 * With `freeSlots`, the usable images past the 5-per-message limit are named too.
 */
export function screenPickedFiles(
  files: readonly File[],
  freeSlots = Number.POSITIVE_INFINITY,
): { usable: File[]; refusals: PickRefusal[] } {
  const usable: File[] = [];
  const refusals: PickRefusal[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) refusals.push({ name: file.name, reason: 'notImage' });
    else if (!ALLOWED_TYPES.includes(file.type)) refusals.push({ name: file.name, reason: 'unsupportedImage' });
    else if (file.size > UPLOAD_MAX_BYTES) refusals.push({ name: file.name, reason: 'tooLarge' });
    else usable.push(file);
  }
  for (const file of usable.slice(freeSlots)) refusals.push({ name: file.name, reason: 'overLimit' });
  return { usable, refusals };
}
