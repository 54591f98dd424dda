/**
 * A text the server means, sent as a code and its parameters; the client words it from its locale
 * files (namespace `server`) in the reader's language. Stored messages keep the codes, so a reply
 * written in one language reads in another after a switch. Sentences never travel; names the server
 * picks from a fixed list (a colour, a style) travel as a `name` reference and are worded too.
 */

/** Lists of things whose names live in the locale files under `server:names.<kind>.<id>`. */
export const NAME_KINDS = ['style', 'colour', 'garment', 'adjustment'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/** Every code the server may send; each has an English and a Russian text under `server:<code>`. */
export const SERVER_TEXT_CODES = [
  // Replies
  'reply.working',
  'reply.madeWith',
  'reply.madeWithOn',
  'reply.editedWith',
  'reply.upscaledWith',
  'reply.stopped',
  'reply.confinedToArea',
  /** The answer to "what can you draw?" for an engine that draws from any description. */
  'reply.drawsAnything',
  // The built-in engine's reply notes: one sentence (local.done) of clauses
  'local.done',
  'local.madeBy',
  'local.canDraw',
  'local.canEdit',
  'local.drewScene',
  'local.defaultLandscape',
  'local.leftOut',
  'local.style',
  'local.shape',
  'local.variations',
  'local.variationsDiffer',
  'local.autoEnhanced',
  'local.garmentRecoloured',
  'local.recoloured',
  'local.backgroundRemoved',
  'local.backgroundBlurred',
  'local.backgroundColour',
  'local.backgroundScene',
  'local.applied',
  'local.upscaled',
  'local.padded',
  'local.cropped',
  'local.captionTop',
  'local.captionBottom',
  'local.textReplaced',
  'local.combined',
  'local.eachOnItsOwn',
  // The built-in engine's reasons for making nothing
  'local.cannotDraw',
  'local.nothingToDo',
  'local.noPerson',
  'local.garmentNotVisible',
  'local.alreadyColour',
  'local.textNotFound',
  'local.noTextFound',
  'local.textFound',
  'local.textNotFoundAmong',
  'local.hatNotFound',
  'local.alreadyLarge',
  'local.noPicture',
  'local.unreadable',
  'local.stopped',
  'local.upscalerFailed',
  'local.textReaderFailed',
  'local.personFinderFailed',
  'local.faceFinderFailed',
  'local.poseFinderFailed',
  // Every engine's reasons
  'engine.notOffered',
  'engine.noImages',
  'engine.noImage',
  'engine.notAnImage',
  'engine.fewerImages',
  'engine.sourceGone',
  'engine.serverUnreachable',
  'engine.serverBusy',
  'engine.serverCredentials',
  'engine.serverCannotHandle',
  'engine.serverCannotHandleDetail',
  'engine.serverNoImages',
  'engine.busy',
  'engine.unreachable',
  'engine.cannotHandle',
  'engine.contentPolicy',
  'engine.noPicture',
  'engine.declined',
  'engine.recitation',
  'engine.downloadFailed',
  'engine.plannerNotJson',
  'engine.plannerBadPlan',
  'engine.plannerBadReview',
  'engine.oneAtATime',
  'engine.noGenerateWorkflow',
  'engine.noEditWorkflow',
  'engine.tooManyPhotos',
  'engine.workflowStopped',
  'engine.workflowNoOutput',
  'engine.workflowInterrupted',
  'engine.outOfMemoryRetrying',
  'engine.outOfMemory',
  'engine.nodeFailed',
  'engine.workflowRefused',
  /** Words the provider wrote (a refusal, an unexpected error): shown as they came. */
  'engine.providerSaid',
  // Failure replies
  'failure.notMade',
  'failure.timeLimit',
  'failure.interrupted',
  'failure.ourSide',
  'failure.refundedMoney',
  'failure.refundedFree',
  'failure.refundedBoth',
  // Suggestion chips: a title and the request it fills in
  'suggestion.recolour.title',
  'suggestion.recolour.description',
  'suggestion.brighten.title',
  'suggestion.brighten.description',
  'suggestion.vivid.title',
  'suggestion.vivid.description',
  'suggestion.square.title',
  'suggestion.square.description',
  'suggestion.widescreen.title',
  'suggestion.widescreen.description',
  'suggestion.story.title',
  'suggestion.story.description',
  'suggestion.watercolour.title',
  'suggestion.watercolour.description',
  'suggestion.vintage.title',
  'suggestion.vintage.description',
  'suggestion.sketch.title',
  'suggestion.sketch.description',
  'suggestion.popArt.title',
  'suggestion.popArt.description',
  'suggestion.blackWhite.title',
  'suggestion.blackWhite.description',
  'suggestion.cartoon.title',
  'suggestion.cartoon.description',
  // Error answers (toasts)
  'error.fileNotFound',
  'error.replyNotFound',
  'error.variationInProgress',
  'error.photoExpired',
  'error.nothingToAnswer',
  'error.maskNotPng',
  'error.maskWrongSize',
  'error.maskEmpty',
  'error.maskNotFound',
  'error.maskOneImage',
  'error.maskImageExpired',
  'error.accountNotFound',
  'error.wrongPassword',
  'error.wrongEmail',
  'error.previewNotFound',
  'error.tooManyImages',
  'error.generationNotFound',
  'error.userNotFound',
  'error.passwordRequired',
  'error.passwordTooShort',
  'error.newPasswordTooShort',
  'error.passwordNeedsLowercase',
  'error.passwordNeedsUppercase',
  'error.passwordNeedsNumber',
  'error.topUpNotFound',
  'error.cardRefundNotFound',
  'error.refundPending',
  'error.checkoutNotFound',
  'error.unknownPrice',
  'error.checkoutExpired',
  'error.notFound',
  'error.productNotFound',
  'error.insufficientCredits',
  'error.transactionNotFound',
  'error.spendingLimitDaily',
  'error.spendingLimitMonthly',
  'error.unknownTimeZone',
  'error.periodEndsBeforeStart',
  'error.historyTooLong',
  'error.fileNotSaved',
  'error.uploadEmpty',
  'error.uploadTooLarge',
  'error.uploadWrongType',
  'error.uploadUnreadable',
  'error.uploadTooManyPixels',
  'error.uploadDamaged',
  'error.uploadsNotDeletable',
  'error.sessionNotFound',
  'error.messageNotFound',
  'error.invalidCursor',
  'error.imageBeingChecked',
  'error.imageNotAllowed',
  'error.maskImageBeingChecked',
  'error.signInRequired',
  'error.accountDisabled',
  'error.termsRequired',
  'error.serviceUnavailable',
  'error.unexpected',
  'error.tooManyRequests',
  // Ledger lines
  'ledger.freeGrant',
  'ledger.generated',
  'ledger.generatedFree',
  'ledger.generatedPartlyFree',
  'ledger.refund',
  'ledger.topUpCard',
  'ledger.topUpTest',
  'ledger.supportCredit',
  'ledger.supportDebit',
  'ledger.supportGift',
  'ledger.disputeLost',
  'ledger.disputeLostPartly',
  'ledger.cardRefunded',
  'ledger.cardRefundedPartly',
  'ledger.autoTopUp',
  'ledger.autoTopUpTest',
] as const;
export type ServerTextCode = (typeof SERVER_TEXT_CODES)[number];

export interface NameRef {
  name: NameKind;
  id: string;
}

/** What a parameter may hold besides another coded text: plain values, lists, fixed names, money. */
export type PlainParam = string | number | string[] | NameRef | { refs: NameRef[] } | { cents: number };

/** A coded text inside another (the cause inside "could not be made: …"): one level deep. */
export interface InnerCodedText {
  code: ServerTextCode;
  params?: Record<string, PlainParam> | undefined;
}

/** `clauses`: the parts of one sentence, worded and joined with semicolons (what was done, what was left out). */
export type CodedParam = PlainParam | { coded: InnerCodedText } | { clauses: InnerCodedText[] };

export interface CodedText {
  code: ServerTextCode;
  params?: Record<string, CodedParam> | undefined;
}

/**
 * Every error a person meets in the web client carries a code (`AppError`'s `text`). Answers only
 * operators' tools and API clients meet stay English-only: the metrics endpoint's token, the dev
 * mailbox's 404, Stripe's webhook, an oversized or malformed request body, another site's request,
 * an unknown API route. Refusals whose details the client words itself keep them as their code:
 * the operator console's `details.reason`, an engine's `details.refusal`.
 */
export function coded(code: ServerTextCode, params?: Record<string, CodedParam>): CodedText {
  return params ? { code, params } : { code };
}

export function isServerTextCode(code: string): code is ServerTextCode {
  return (SERVER_TEXT_CODES as readonly string[]).includes(code);
}
