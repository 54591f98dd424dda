import { z } from 'zod';

/**
 * The account's privacy actions: what the Delete account dialog needs to know, how the
 * deletion is confirmed, and the data export's name.
 */

/** GET /api/account: how deletion is confirmed, and the balance that would be lost. */
export const accountDeletionInfoSchema = z.object({
  email: z.string(),
  /** Accounts with a password confirm with it; the others (social sign-in only) type their e-mail address. */
  hasPassword: z.boolean(),
  /** Unused prepaid credit, in cents (0 or more): shown with the refund policy before confirming. */
  availableCents: z.number().int(),
});
export type AccountDeletionInfo = z.infer<typeof accountDeletionInfoSchema>;

/** POST /api/account/delete: the password, or (without one) the account's e-mail address typed out. */
export const deleteAccountSchema = z.object({
  password: z.string().max(128).optional(),
  email: z.string().max(320).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountSchema>;

export const WRONG_PASSWORD_MESSAGE = 'The password is not correct.';
export const WRONG_EMAIL_MESSAGE = 'The e-mail address does not match this account.';

/** GET /api/account/export: the zip's file name. */
export const exportFilename = (appName: string, date: Date) =>
  `${appName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${date.toISOString().slice(0, 10)}.zip`;
