import { MAX_ATTACHMENTS, MESSAGE_MAX_LENGTH } from '@shared/constants';
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

/** How many more images fit in this message. */
export const freeAttachmentSlots = (items: readonly PendingUpload[]): number => Math.max(0, MAX_ATTACHMENTS - items.length);

/** Splits picked files into the image files that fit and whether some were left out for the limit. */
export function acceptPickedFiles(files: readonly File[], items: readonly PendingUpload[]): { accepted: File[]; overLimit: boolean } {
  const images = files.filter((file) => file.type.startsWith('image/'));
  const slots = freeAttachmentSlots(items);
  return { accepted: images.slice(0, slots), overLimit: images.length > slots };
}
