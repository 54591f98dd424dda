import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isAppError } from '@shared/errors';
import { spendingLimitRefusalOf, type SpendingLimitRefusal } from '@shared/spending';
import { useErrorText } from '@web/lib/server-text';
import { useChooseVersion } from '../api/choose-version';
import { useRequestVariation } from '../api/request-variation';
import { useStartChat } from '../api/start-chat';
import { isCreditRefusal } from '../lib/credit-refusal';
import { imageLimitRefusalOf, imageLimitText } from '../lib/image-limit';

/**
 * What can be asked of a reply: Retry (after a top-up), Variations and the version chosen with the
 * arrows. Both paid requests end the same way when short of credit: the credit-needed card, not a toast;
 * and as a send does when refused by the user's own spending limit: said by the composer with its
 * figures and a link to change the limits (`limit`).
 */
export function useReplyActions(sessionId: string | undefined, onCreditRefused: () => void) {
  const { t } = useTranslation('studio');
  const retry = useStartChat();
  const variation = useRequestVariation(sessionId);
  const chooseVersion = useChooseVersion(sessionId);
  // The server's refusal, worded in the reader's language where it sent a code.
  const errorText = useErrorText();
  const [limit, setLimit] = useState<SpendingLimitRefusal | null>(null);

  const paidRequestFailed = (error: Error, failedText: (message: string) => string) => {
    if (isCreditRefusal(error)) {
      onCreditRefused();
      return;
    }
    const spendingLimit = isAppError(error) ? spendingLimitRefusalOf(error.details) : null;
    if (spendingLimit) {
      setLimit(spendingLimit);
      return;
    }
    const imageLimit = imageLimitRefusalOf(error);
    toast.error(failedText(imageLimit ? imageLimitText(t, imageLimit) : errorText(error)));
  };

  return {
    /** Retry, for a message whose reply was refused for lack of credit: charges once. */
    retryReply: () => {
      if (!sessionId) return;
      setLimit(null);
      retry.mutate(sessionId, { onError: (error) => paidRequestFailed(error, (message) => t('session.replyFailed', { message })) });
    },
    retryPending: retry.isPending,
    /** Variations: a paid generation like a reply. */
    askForVariation: (replyMessageId: string) => {
      setLimit(null);
      variation.mutate(replyMessageId, { onError: (error) => paidRequestFailed(error, (message) => t('versions.failed', { message })) });
    },
    variationPendingFor: (replyMessageId: string) => variation.isPending && variation.variables === replyMessageId,
    chooseVersion: (replyMessageId: string, version: number) => chooseVersion.mutate({ replyMessageId, version }),
    /** A Retry or Variations refused by the user's spending limit, until the next paid request. */
    limit,
    dismissLimit: () => setLimit(null),
  };
}
