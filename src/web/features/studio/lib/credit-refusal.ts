import { isAppError } from '@shared/errors';

/** A paid request refused because the balance cannot pay for it (HTTP 402 / INSUFFICIENT_BALANCE). */
export function isCreditRefusal(error: unknown): boolean {
  return isAppError(error) && (error.status === 402 || error.code === 'INSUFFICIENT_BALANCE');
}
