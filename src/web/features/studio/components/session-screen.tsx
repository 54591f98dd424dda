import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { engineRefusalSchema, type EngineRefusal } from '@shared/engines';
import { isAppError } from '@shared/errors';
import { paths } from '@shared/paths';
import type { Message, MessageFile } from '@shared/studio';
import { spendingLimitRefusalOf, type SpendingLimitRefusal } from '@shared/spending';
import { SpendingLimitText } from '@web/features/billing';
import { readConnectivity } from '@web/lib/use-connectivity';
import { usePublicConfig } from '@web/lib/public-config';
import { getMessage } from '../api/get-message';
import { catchUpConversation, mergeIntoConversation, useMessages } from '../api/get-messages';
import { useSession } from '../api/get-session';
import { studioKeys } from '../api/query-keys';
import { useSendMessage } from '../api/send-message';
import { useStartChat } from '../api/start-chat';
import { applyProgressEvent } from '../api/get-reply-progress';
import { useStopReply } from '../api/stop-reply';
import { useChooseVersion } from '../api/choose-version';
import { useRequestVariation } from '../api/request-variation';
import { downloadImage } from '@web/lib/download-image';
import type { ImageActionHandlers } from './image-actions';
import { EditTargetChip } from './edit-target-chip';
import { MaskEditorDialog } from './mask-editor/mask-editor-dialog';
import { useSelectedArea } from '../hooks/use-selected-area';
import { useCreditRefusal } from '../hooks/use-credit-refusal';
import { useResumeAfterTopUp } from '../hooks/use-resume-after-top-up';
import { useFollowConversation } from '../hooks/use-follow-conversation';
import { usePendingUploads } from '../hooks/use-pending-uploads';
import { useSessionEvents } from '../hooks/use-session-events';
import { isApproved } from '../lib/pending-upload';
import { imageLimitRefusalOf, imageLimitText } from '../lib/image-limit';
import { sessionShortId } from '../lib/session-thumbnails';
import { AlertBanner } from './alert-banner';
import { Composer } from './composer';
import { ConnectivityBanner } from './connectivity-banner';
import { CostPreview } from './cost-preview';
import { GenerationOptions } from './generation-options';
import { RefusalText } from './refusal-text';
import { useGenerationChoice } from '../hooks/use-generation-choice';
import { useEngineNames } from '@web/lib/engine-names';
import { Button } from '@web/components/ui/button';
import { CreditNeededCard } from './credit-needed-card';
import { DeleteSessionDialog } from './delete-session-dialog';
import { ImagePreviewDialog } from './image-preview-dialog';
import { MessageBubble } from './message-bubble';
import { RenameSessionDialog, type RenameTarget } from './rename-session-dialog';
import { SessionHeader } from './session-header';
import { TypingIndicator } from './typing-indicator';
import { WelcomePanel } from './welcome-panel';
import { MAX_ATTACHMENTS } from '@shared/constants';
import { useFileDrop } from '../hooks/use-file-drop';
import { useFileIntake } from '../hooks/use-file-intake';
import { useResendMessage } from '../hooks/use-resend-message';
import { compareSourceOf } from '../lib/compare-source';
import { freeAttachmentSlots } from '../lib/composer-rules';
import { DropZoneOverlay } from './drop-zone-overlay';
import { IntakeRefusals } from './intake-refusals';

const NO_MESSAGES: Message[] = [];

/** /session/new (no id yet) and /session/:id (spec section 2, Session screen). */
export function SessionScreen({ sessionId }: { sessionId?: string | undefined }) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession(sessionId);
  const conversation = useMessages(queryClient, sessionId);
  const credit = useCreditRefusal();
  // 'Edit this image': the next message refers to exactly this image (sent as its attachment).
  const [editTarget, setEditTarget] = useState<MessageFile | null>(null);
  // The edit target takes one of the message's image slots: with the uploads it never passes the limit.
  const reservedSlots = editTarget ? 1 : 0;
  const uploads = usePendingUploads(reservedSlots);
  const send = useSendMessage();
  const retry = useStartChat();
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  // A send refused by the user's own spending limit: said with its figures and a link to change it.
  const [sendLimit, setSendLimit] = useState<SpendingLimitRefusal | null>(null);
  // A send the chosen engine could not do: refused by the server before any charge.
  const [sendRefusal, setSendRefusal] = useState<EngineRefusal | null>(null);
  const { engines } = usePublicConfig();
  const { nameOf, describe: describeEngine } = useEngineNames();
  const generation = useGenerationChoice(engines, sessionId, session.data?.engine);
  const [previewFile, setPreviewFile] = useState<MessageFile | null>(null);
  // 'Select area': the edit target with a mask; nothing outside the area changes.
  const selectedArea = useSelectedArea(setEditTarget);
  const maskId = selectedArea.maskIdFor(editTarget);
  const variation = useRequestVariation();
  const chooseVersion = useChooseVersion();
  const [renameTarget, setRenameTarget] = useState<RenameTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<string | null>(null);
  const messages = conversation.data ?? NO_MESSAGES;
  const lastMessage = messages[messages.length - 1];

  const refreshStatus = useCallback(() => {
    if (!sessionId) return;
    void queryClient.invalidateQueries({ queryKey: studioKeys.session(sessionId) });
    // A job that started, finished or was stopped: where each reply is now.
    void queryClient.invalidateQueries({ queryKey: studioKeys.progress(sessionId) });
  }, [queryClient, sessionId]);
  const stopReply = useStopReply();
  const runningReply = [...(conversation.data ?? [])].reverse().find((message) => message.role === 'system' && message.processing_status === 'processing');

  const realtime = useSessionEvents(sessionId, {
    onMessage: (messageId) => {
      if (!sessionId) return;
      getMessage(messageId).then(
        (message) => mergeIntoConversation(queryClient, sessionId, [message]),
        () => undefined,
      );
    },
    // The header's status badge follows the session's generation job as it changes.
    onJobChanged: refreshStatus,
    onProgress: (progress) => {
      if (sessionId) applyProgressEvent(queryClient, sessionId, progress);
    },
    onReady: () => {
      if (!sessionId) return;
      // Whatever was written or finished while the subscription was down (or before it first came up).
      catchUpConversation(queryClient, sessionId).catch(() => undefined);
      refreshStatus();
    },
  });

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const arrivalKey = `${messages.length}:${lastMessage?.id}:${lastMessage?.updated_at}:${lastMessage?.files.length}:${credit.exhausted}`;
  const follow = useFollowConversation(scroller, content, arrivalKey);

  // A request for more images than one message can make, refused before any charge: said in the user's language.
  const refusalText = (error: unknown): string | null => {
    const refusal = imageLimitRefusalOf(error);
    return refusal ? imageLimitText(t, refusal) : null;
  };

  // Retry, for a message whose reply was refused for lack of credit (after a top-up): charges once.
  const retryReply = () => {
    if (!sessionId) return;
    retry.mutate(sessionId, {
      onError: (error) => {
        if (isAppError(error) && (error.status === 402 || error.code === 'INSUFFICIENT_BALANCE')) void credit.recordRefusal();
        else toast.error(t('session.replyFailed', { message: refusalText(error) ?? error.message }));
      },
      onSettled: refreshStatus,
    });
  };

  // A request refused for lack of credit (kept so on the server, so a reload shows it too) resumes
  // by itself once the balance changes; until then the credit card stays.
  const creditWait = useResumeAfterTopUp({ lastMessage, resume: retryReply, pending: retry.isPending });
  const creditExhausted = credit.exhausted || creditWait.waiting;

  // One id per draft: pressing Send again after a lost answer repeats the same message, which the
  // server stores and charges once. A changed draft, or a send that went through, starts afresh.
  const pendingSend = useRef<{ key: string; id: string } | null>(null);
  const clientMessageIdFor = (key: string): string => {
    if (pendingSend.current?.key !== key) pendingSend.current = { key, id: crypto.randomUUID() };
    return pendingSend.current.id;
  };

  const handleSend = () => {
    // Refused, not queued: the draft stays, and nothing goes out (or is charged) behind the user's back.
    if (readConnectivity() === 'offline') {
      setSendError(t('session.offlineSendRefused'));
      return;
    }
    setSendError(null);
    setSendRefusal(null);
    setSendLimit(null);
    // The user's own message is always followed, even after reading further up.
    follow.jumpToEnd();
    const uploaded = uploads.items.filter(isApproved).map((item) => item.userFileId!);
    const fileIds = editTarget && !uploaded.includes(editTarget.id) ? [editTarget.id, ...uploaded] : uploaded;
    const { choice } = generation;
    const clientMessageId = clientMessageIdFor(JSON.stringify([sessionId ?? 'new', draft, fileIds, choice, maskId]));
    // The reply starts with the message, in one request: a dropped connection cannot split them.
    send.mutate(
      {
        session_id: sessionId ?? 'new',
        content_text: draft,
        file_ids: fileIds,
        request_reply: true,
        client_message_id: clientMessageId,
        ...(maskId ? { mask_id: maskId } : {}),
        engine: choice.engine,
        ...(choice.aspectRatio ? { aspect_ratio: choice.aspectRatio } : {}),
        ...(choice.imageCount ? { image_count: choice.imageCount } : {}),
      },
      {
        onSuccess: (result) => {
          pendingSend.current = null;
          mergeIntoConversation(queryClient, result.session_id, [result.message]);
          setDraft('');
          uploads.clear();
          setEditTarget(null);
          selectedArea.clear();
          void queryClient.invalidateQueries({ queryKey: studioKeys.sessions });
          void queryClient.invalidateQueries({ queryKey: studioKeys.session(result.session_id) });
          if (result.reply_error?.code === 'INSUFFICIENT_BALANCE') void credit.recordRefusal();
          if (!sessionId) {
            generation.carryTo(result.session_id);
            void navigate(paths.session.getHref(result.session_id), { replace: true });
          }
        },
        onError: (error) => {
          const refusal = isAppError(error) ? engineRefusalSchema.safeParse((error.details as { refusal?: unknown } | undefined)?.refusal) : undefined;
          const limit = isAppError(error) ? spendingLimitRefusalOf(error.details) : null;
          if (limit) setSendLimit(limit);
          else if (refusal?.success) setSendRefusal(refusal.data);
          else setSendError(refusalText(error) ?? (error.message || t('session.sendFailed')));
        },
      },
    );
  };

  const imageActions: ImageActionHandlers = {
    onDownload: (file) =>
      void downloadImage(file.fileUrl, { filename: file.originalFilename, alerts: { openedInNewTab: t('image.downloadOpenedInNewTab'), failed: t('image.downloadFailed') } }),
    onEdit: (file) => {
      if (uploads.items.length >= MAX_ATTACHMENTS) toast.error(t('composer.maxFilesError', { max: MAX_ATTACHMENTS }));
      else setEditTarget(file);
    },
    onSelectArea: selectedArea.open,
  };
  const intake = useFileIntake(uploads.items, reservedSlots, uploads.addFiles);
  // Input is off out of credit or on a session that is not (or no longer) there.
  const inputOff = credit.exhausted || (isAppError(session.error) && session.error.status === 404);
  const drop = useFileDrop(intake.take, !inputOff);
  const resend = useResendMessage(sessionId, generation.choice, () => void credit.recordRefusal());

  // Variations: a paid generation like a reply; short of credit shows the credit card.
  const askForVariation = (replyMessageId: string) =>
    variation.mutate(replyMessageId, {
      onError: (error) => {
        if (isAppError(error) && (error.status === 402 || error.code === 'INSUFFICIENT_BALANCE')) void credit.recordRefusal();
        else toast.error(t('versions.failed', { message: error.message }));
      },
      onSettled: refreshStatus,
    });

  const detail = session.data;
  // A session is named by its first request (or by the user); one without a name yet (a photo
  // sent without words) keeps the spec's 'Session #xxxx'.
  const named = detail?.session_name?.trim();
  const title = named || (sessionId ? t('session.title', { shortId: sessionShortId(sessionId) }) : t('session.newTitle'));
  const notFound = isAppError(session.error) && session.error.status === 404;
  // Any earlier picture of the chat, made or sent: a follow-up edits the latest (the server picks the same one).
  const hasPreviousOutput = messages.some((message) => message.files.length > 0);
  const showWelcome = !sessionId || (conversation.isSuccess && messages.length === 0);

  return (
    // Only the message list scrolls: the screen is exactly the viewport below the site header.
    <div className="flex h-dvh flex-col overflow-hidden md:h-[calc(100dvh-64px)]">
      <SessionHeader
        title={title}
        status={detail?.status ?? 'idle'}
        onRename={sessionId && !notFound ? () => setRenameTarget({ id: sessionId, name: detail?.session_name ?? '' }) : undefined}
        onDelete={sessionId && !notFound ? () => setDeleteTarget(sessionId) : undefined}
      />
      <ConnectivityBanner variant="session" />
      {sessionId && realtime === 'disconnected' && (
        <p role="status" className="bg-muted px-4 py-1 text-center text-xs text-muted-foreground">
          {t('session.reconnecting')}
        </p>
      )}

      <div className="relative min-h-0 flex-1">
        {/* relative: visually hidden texts (absolutely placed) stay inside the list instead of growing the page. */}
        <div ref={scroller} data-testid="message-list" role="region" aria-label={t('session.conversation')} tabIndex={0} className="relative h-full overflow-y-auto overscroll-contain px-3 py-4 sm:px-6">
          <div ref={content} className="mx-auto flex max-w-3xl flex-col gap-4">
            {conversation.isError && !notFound && <AlertBanner>{t('session.loadFailed')}</AlertBanner>}
            {notFound && <AlertBanner>{t('session.notFound')}</AlertBanner>}
            {conversation.isPending && sessionId && (
              <span role="status" className="sr-only">
                {t('session.loading')}
              </span>
            )}
            {showWelcome && !notFound && <WelcomePanel onStart={setDraft} onPhotos={intake.take} />}
            {messages.length > 0 && (
              <section aria-labelledby="session-today" className="flex flex-col gap-3">
                <h2 id="session-today" className="self-center rounded-full bg-muted px-3 py-0.5 text-xs font-medium text-muted-foreground">
                  {t('session.today')}
                </h2>
                <ol className="flex flex-col gap-3" aria-live="polite">
                  {messages.map((message) => (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      onOpenImage={setPreviewFile}
                      retry={message === lastMessage ? { onRetry: retryReply, pending: retry.isPending } : undefined}
                      imageActions={imageActions}
                      describeEngine={describeEngine}
                      resend={message.role === 'user' ? { onResend: resend.resend, pending: resend.pending, disabled: inputOff } : undefined}
                      versions={
                        message.role === 'system'
                          ? {
                              onVariation: () => askForVariation(message.id),
                              pending: variation.isPending && variation.variables === message.id,
                              onChoose: (version) => chooseVersion.mutate({ replyMessageId: message.id, version }),
                            }
                          : undefined
                      }
                    />
                  ))}
                </ol>
              </section>
            )}
            <TypingIndicator lastMessage={lastMessage} creditExhausted={creditExhausted} />
            {creditExhausted && <CreditNeededCard rawBalance={credit.rawBalance} returnTo={sessionId ? paths.session.getHref(sessionId) : undefined} />}
          </div>
        </div>
        {follow.hasUnseen && (
          <button
            type="button"
            onClick={follow.jumpToEnd}
            className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg"
          >
            <ArrowDown className="size-4" aria-hidden="true" />
            {t('session.newMessage')}
          </button>
        )}
      </div>

      <div className="border-t bg-background">
        <div className="mx-auto w-full max-w-3xl">
          {sendError && (
            <div className="px-3 pt-3 sm:px-4">
              <AlertBanner>{sendError}</AlertBanner>
            </div>
          )}
          {sendLimit && (
            <div className="px-3 pt-3 sm:px-4">
              <AlertBanner>
                <SpendingLimitText refusal={sendLimit} tense="refused" />
              </AlertBanner>
            </div>
          )}
          {sendRefusal && (
            <div className="px-3 pt-3 sm:px-4">
              <AlertBanner
                action={sendRefusal.capableEngines.map((engine) => (
                  <Button
                    key={engine}
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      generation.setEngine(engine);
                      setSendRefusal(null);
                    }}
                  >
                    {t('refusal.useInstead', { engine: nameOf(engine) })}
                  </Button>
                ))}
              >
                <RefusalText refusal={sendRefusal} />
              </AlertBanner>
            </div>
          )}
          <IntakeRefusals refusals={intake.refusals} onDismiss={intake.dismiss} />
          {editTarget && <EditTargetChip file={editTarget} overlayUrl={selectedArea.overlayFor(editTarget)} onRemove={() => setEditTarget(null)} />}
          <Composer
            text={draft}
            onTextChange={setDraft}
            items={uploads.items}
            onAddFiles={uploads.addFiles}
            onRemoveItem={uploads.remove}
            limitExceeded={uploads.limitExceeded}
            reservedSlots={reservedSlots}
            onSend={handleSend}
            onEscape={runningReply ? () => stopReply.mutate(runningReply.id, { onSettled: refreshStatus }) : undefined}
            isLoading={send.isPending}
            disabled={creditExhausted || notFound}
            options={
              <GenerationOptions
                offers={engines}
                choice={generation.choice}
                onEngineChange={generation.setEngine}
                onAspectRatioChange={generation.setAspectRatio}
                onImageCountChange={generation.setImageCount}
                disabled={creditExhausted || notFound}
              />
            }
            footer={
              <CostPreview
                text={draft}
                attachments={uploads.items.filter(isApproved).length + (editTarget ? 1 : 0)}
                hasPreviousOutput={hasPreviousOutput}
                choice={generation.choice}
                onChooseEngine={generation.setEngine}
              />
            }
          />
        </div>
      </div>

      <ImagePreviewDialog file={previewFile} onClose={() => setPreviewFile(null)} imageActions={imageActions} compareWith={compareSourceOf(previewFile, messages)} />
      <MaskEditorDialog file={selectedArea.editing} onCancel={selectedArea.cancel} onDone={selectedArea.done} />
      <DropZoneOverlay visible={drop.dragging} freeSlots={freeAttachmentSlots(uploads.items, reservedSlots)} />
      <RenameSessionDialog target={renameTarget} onOpenChange={(open) => !open && setRenameTarget(null)} />
      <DeleteSessionDialog sessionId={deleteTarget} onOpenChange={(open) => !open && setDeleteTarget(null)} onDeleted={() => void navigate(paths.studio.getHref(), { replace: true })} />
    </div>
  );
}
