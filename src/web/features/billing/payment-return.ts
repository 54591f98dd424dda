import { returnPathOf } from '@shared/paths';

/**
 * Where the payment's success page returns to: the chat the user came from to top up (the
 * credit-needed card links to /billing?return_to=/session/{id}). Kept for the tab in session
 * storage, which survives the trip to the payment provider's page and back.
 */
const RETURN_PATH_KEY = 'photomuse.paymentReturnPath';

/** On the billing page: remember a valid return_to, or forget an older one. */
export function rememberPaymentReturn(search: string): void {
  const returnTo = returnPathOf(new URLSearchParams(search).get('return_to'));
  try {
    if (returnTo) sessionStorage.setItem(RETURN_PATH_KEY, returnTo);
    else sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Storage unavailable (private mode, blocked): the success page goes to the sessions list.
  }
}

/** On the success page: where to go back to, if anywhere. */
export function paymentReturnPath(): string | null {
  try {
    return returnPathOf(sessionStorage.getItem(RETURN_PATH_KEY));
  } catch {
    return null;
  }
}

/** Once the user went back: the next payment starts from scratch. */
export function forgetPaymentReturn(): void {
  try {
    sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing was kept.
  }
}
