/**
 * The red dot on the bottom nav's Account item: the balance is low
 * when the raw balance holds no credit (zero or more; negative is credit). Only a balance the
 * server reported counts: while it is loading (or failed) no dot is shown, so a user with credit
 * never sees a false alarm flash.
 */
export function showsLowBalanceDot(rawBalance: number | null | undefined): boolean {
  return typeof rawBalance === 'number' && !Number.isNaN(rawBalance) && rawBalance >= 0;
}
