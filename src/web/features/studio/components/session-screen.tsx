import { ArrowDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isAppError } from '@shared/errors';
import { paths } from '@shared/paths';
import type { MessageFile } from '@shared/studio';
import { usePublicConfig } from '@web/lib/public-config';
import { useFocusReturn } from '@web/lib/use-focus-return';
import { useSession } from '../api/get-session';
import { useStopReply } from '../api/stop-reply';
import { downloadImage } from '@web/lib/download-image';
import type { ImageActionHandlers } from './image-actions';
import { EditTargetChip } from './edit-target-chip';
import { SpendingLimitText } from '@web/features/billing';
import { MaskEditorDialog } from './mask-editor/mask-editor-dialog';
import { useSelectedArea } from '../hooks/use-selected-area';
import { useResumeAfterTopUp } from '../hooks/use-resume-after-top-up';
import { useConversation } from '../hooks/use-conversation';
import { useCreditRefusal } from '../hooks/use-credit-refusal';
import { useDraft } from '../hooks/use-draft';
import { useFollowConversation } from '../hooks/use-follow-conversation';
import { useJumpToMessage } from '../hooks/use-jump-to-message';
import { NewerRow } from './newer-row';
import { useReplyActions } from '../hooks/use-reply-actions';
import { sentFirstMessage, useSendDraft } from '../hooks/use-send-draft';
import { focusComposerField } from '../lib/composer-focus';
import { sessionShortId } from '../lib/session-thumbnails';
import { AlertBanner } from './alert-banner';
import { Composer } from './composer';
import { ConnectivityBanner } from './connectivity-banner';
import { CostPreview } from './cost-preview';
import { GenerationOptions } from './generation-options';
import { HistoryRow } from './history-row';
import { RefusalText } from './refusal-text';
import { ReplyAnnouncer } from './reply-announcer';
import { SkipLinks } from './skip-links';
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

const CONVERSATION_ID = 'conversation';
const COMPOSER_ID = 'composer';

/** /session/new (no id yet) and /session/:id: the conversation, its header and the composer. */
export function SessionScreen({ sessionId }: { sessionId?: string | undefined }) {
  const { t } = useTranslation('studio');
  const navigate = useNavigate();
  const session = useSession(sessionId);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const conversation = useConversation(sessionId, scroller);
  const { messages, lastMessage, realtime } = conversation;
  const credit = useCreditRefusal();
  const draft = useDraft();
  const { uploads, editTarget, setEditTarget, reservedSlots } = draft;
  const { engines } = usePublicConfig();
  const { nameOf, describe: describeEngine } = useEngineNames();
  const generation = useGenerationChoice(engines, sessionId, session.data?.engine);
  const [previewFile, setPreviewFile] = useState<MessageFile | null>(null);
  const [renameTarget, setRenameTarget] = useState<RenameTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<string | null>(null);
  const recordCreditRefusal = () => void credit.recordRefusal();
  // Each dialog hands focus back to the control that opened it (the menu's button for a menu item).
  const previewFocus = useFocusReturn();
  const renameFocus = useFocusReturn();
  const deleteFocus = useFocusReturn();
  const conversationRegion = () => document.getElementById(CONVERSATION_ID);
  const openPreview = (file: MessageFile) => {
    previewFocus.noteOpener();
    setPreviewFile(file);
  };
  const replies = useReplyActions(sessionId, recordCreditRefusal);
  // 'Select area': the edit target with a mask; nothing outside the area changes.
  const selectedArea = useSelectedArea(setEditTarget);
  const maskId = selectedArea.maskIdFor(editTarget);
  // A request refused for lack of credit (kept so on the server, so a reload shows it too) resumes
  // by itself once the balance changes; until then the credit card stays.
  const creditWait = useResumeAfterTopUp({ lastMessage, resume: replies.retryReply, pending: replies.retryPending });
  const creditExhausted = credit.exhausted || creditWait.waiting;

  // Older pages arriving above change neither the newest message nor its content: only arrivals move the view.
  const arrivalKey = `${lastMessage?.id}:${lastMessage?.updated_at}:${lastMessage?.files.length}:${credit.exhausted}`;
  const stopReply = useStopReply();
  const runningReply = [...messages].reverse().find((message) => message.role === 'system' && message.processing_status === 'processing');
  const follow = useFollowConversation(scroller, content, arrivalKey, conversation.jump.gapAfter === null);
  // Opened at an old message (?message=): the messages up to the gap after its window are shown, the rest on the way down.
  const { gapAfter } = conversation.jump;
  const gapIndex = gapAfter ? messages.findIndex((message) => message.id === gapAfter) : -1;
  const shownMessages = gapIndex >= 0 ? messages.slice(0, gapIndex + 1) : messages;
  const toLatest = () => (gapAfter ? conversation.jump.jumpToLatest(follow.jumpToEnd) : follow.jumpToEnd());
  useJumpToMessage({ sessionId, messages, scroller, openAt: conversation.jump.openAt, stopFollowing: follow.stopFollowing });
  // After a send, focus stays in the composer (the Send button it may have been on is disabled meanwhile).
  const focusComposer = () => focusComposerField(COMPOSER_ID);
  const send = useSendDraft({
    sessionId,
    draft,
    generation,
    onCreditRefused: recordCreditRefusal,
    onSending: () => {
      replies.dismissLimit();
      toLatest();
    },
    onSent: focusComposer,
    maskId,
    onStored: selectedArea.clear,
  });
  const location = useLocation();
  const openedBySend = sentFirstMessage(location.state);
  useEffect(() => {
    if (openedBySend) focusComposer();
  }, [openedBySend]);

  const imageActions: ImageActionHandlers = {
    onDownload: (file) =>
      void downloadImage(file.fileUrl, {
        filename: file.originalFilename,
        alerts: { openedInNewTab: t('image.downloadOpenedInNewTab'), failed: t('image.downloadFailed') },
      }),
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

  // A send, a Retry or a Variations refused by the user's own spending limit: said the same way.
  const spendingLimit = send.limit ?? replies.limit;
  const detail = session.data;
  // A session is named by its first request (or by the user); one without a name yet (a photo
  // sent without words) keeps the spec's 'Session #xxxx'.
  const named = detail?.session_name?.trim();
  const title = named || (sessionId ? t('session.title', { shortId: sessionShortId(sessionId) }) : t('session.newTitle'));
  const notFound = isAppError(session.error) && session.error.status === 404;
  // Any earlier picture of the chat, made or sent: a follow-up edits the latest (the server picks the same one).
  const hasPreviousOutput = messages.some((message) => message.files.length > 0);
  const showWelcome = !sessionId || (conversation.query.isSuccess && messages.length === 0);

  return (
    // Only the message list scrolls: the screen is exactly the viewport below the site header.
    <main className="flex h-dvh flex-col overflow-hidden md:h-[calc(100dvh-64px)]">
      <SkipLinks conversationId={CONVERSATION_ID} composerId={COMPOSER_ID} />
      <SessionHeader
        title={title}
        status={detail?.status ?? 'idle'}
        onRename={
          sessionId && !notFound
            ? () => {
                renameFocus.noteOpener();
                setRenameTarget({ id: sessionId, name: detail?.session_name ?? '' });
              }
            : undefined
        }
        onDelete={
          sessionId && !notFound
            ? () => {
                deleteFocus.noteOpener();
                setDeleteTarget(sessionId);
              }
            : undefined
        }
      />
      <ConnectivityBanner variant="session" />
      {sessionId && realtime === 'disconnected' && (
        <p role="status" className="bg-muted px-4 py-1 text-center text-xs text-muted-foreground">
          {t('session.reconnecting')}
        </p>
      )}

      <div className="relative min-h-0 flex-1">
        {/* relative: visually hidden texts (absolutely placed) stay inside the list instead of growing the page. */}
        {/* A labelled region that takes focus (the skip link's target): the keyboard scrolls it too. */}
        <section
          ref={scroller}
          id={CONVERSATION_ID}
          tabIndex={0}
          aria-label={t('session.conversation')}
          data-testid="message-list"
          className="relative h-full overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none] focus-ring-inset sm:px-6"
        >
          <div ref={content} className="mx-auto flex max-w-3xl flex-col gap-4">
            {conversation.query.isError && !notFound && <AlertBanner>{t('session.loadFailed')}</AlertBanner>}
            {notFound && <AlertBanner>{t('session.notFound')}</AlertBanner>}
            {conversation.query.isPending && sessionId && (
              <span role="status" className="sr-only">
                {t('session.loading')}
              </span>
            )}
            {showWelcome && !notFound && <WelcomePanel onStart={draft.setText} onPhotos={intake.take} />}
            {messages.length > 0 && (
              <section aria-labelledby="session-today" className="flex flex-col gap-3">
                <h2 id="session-today" className="self-center rounded-full bg-muted px-3 py-0.5 text-xs font-medium text-muted-foreground">
                  {t('session.today')}
                </h2>
                {/* Not a live region: a version switched would re-read the list; ReplyAnnouncer says each new reply once. */}
                <ol className="flex flex-col gap-3">
                  {sessionId && <HistoryRow state={conversation.history.state} onRetry={conversation.history.loadOlder} />}
                  {shownMessages.map((message) => (
                    <MessageBubble
                      key={message.id}
                      message={message}
                      onOpenImage={openPreview}
                      retry={message === lastMessage ? { onRetry: replies.retryReply, pending: replies.retryPending } : undefined}
                      imageActions={imageActions}
                      describeEngine={describeEngine}
                      resend={
                        message.role === 'user' ? { onResend: resend.resend, pending: resend.pending, disabled: inputOff } : undefined
                      }
                      versions={
                        message.role === 'system'
                          ? {
                              onVariation: () => replies.askForVariation(message.id),
                              pending: replies.variationPendingFor(message.id),
                              onChoose: (version) => replies.chooseVersion(message.id, version),
                            }
                          : undefined
                      }
                    />
                  ))}
                  {gapIndex >= 0 && <NewerRow state={conversation.jump.newer} onRetry={conversation.jump.loadNewer} />}
                </ol>
              </section>
            )}
            <TypingIndicator lastMessage={lastMessage} creditExhausted={creditExhausted} />
            <ReplyAnnouncer lastMessage={lastMessage} />
            {creditExhausted && (
              <CreditNeededCard rawBalance={credit.rawBalance} returnTo={sessionId ? paths.session.getHref(sessionId) : undefined} />
            )}
          </div>
        </section>
        {(follow.hasUnseen || gapIndex >= 0) && (
          <button
            type="button"
            onClick={toLatest}
            className="absolute bottom-3 left-1/2 z-10 flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg"
          >
            <ArrowDown className="size-4" aria-hidden="true" />
            {gapIndex >= 0 ? t('jump.toLatest') : t('session.newMessage')}
          </button>
        )}
      </div>

      <section id={COMPOSER_ID} aria-label={t('landmarks.composer')} className="border-t bg-background">
        <div className="mx-auto w-full max-w-3xl">
          {send.error && (
            <div className="px-3 pt-3 sm:px-4">
              <AlertBanner>{send.error}</AlertBanner>
            </div>
          )}
          {spendingLimit && (
            <div className="px-3 pt-3 sm:px-4">
              <AlertBanner>
                <SpendingLimitText refusal={spendingLimit} tense="refused" />
              </AlertBanner>
            </div>
          )}
          {send.refusal && (
            <div className="px-3 pt-3 sm:px-4">
              <AlertBanner
                action={send.refusal.capableEngines.map((engine) => (
                  <Button
                    key={engine}
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      generation.setEngine(engine);
                      send.dismissRefusal();
                    }}
                  >
                    {t('refusal.useInstead', { engine: nameOf(engine) })}
                  </Button>
                ))}
              >
                <RefusalText refusal={send.refusal} />
              </AlertBanner>
            </div>
          )}
          <IntakeRefusals refusals={intake.refusals} onDismiss={intake.dismiss} />
          {editTarget && (
            <EditTargetChip file={editTarget} overlayUrl={selectedArea.overlayFor(editTarget)} onRemove={() => setEditTarget(null)} />
          )}
          <Composer
            text={draft.text}
            onTextChange={draft.setText}
            items={uploads.items}
            onAddFiles={uploads.addFiles}
            onRemoveItem={uploads.remove}
            limitExceeded={uploads.limitExceeded}
            reservedSlots={reservedSlots}
            onSend={send.sendDraft}
            onEscape={runningReply ? () => stopReply.mutate(runningReply.id, { onSettled: conversation.refreshStatus }) : undefined}
            isLoading={send.isSending}
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
                text={draft.text}
                attachments={draft.attachmentCount}
                hasPreviousOutput={hasPreviousOutput}
                choice={generation.choice}
                onChooseEngine={generation.setEngine}
              />
            }
          />
        </div>
      </section>

      <ImagePreviewDialog
        file={previewFile}
        onClose={() => setPreviewFile(null)}
        imageActions={imageActions}
        compareWith={compareSourceOf(previewFile, messages)}
        // "Edit this image" closed it for the composer's chip: the composer takes the focus.
        onCloseAutoFocus={(event) =>
          editTarget ? (event.preventDefault(), focusComposer()) : previewFocus.onCloseAutoFocus(event, conversationRegion)
        }
      />
      <MaskEditorDialog file={selectedArea.editing} onCancel={selectedArea.cancel} onDone={selectedArea.done} />
      <DropZoneOverlay visible={drop.dragging} freeSlots={freeAttachmentSlots(uploads.items, reservedSlots)} />
      <RenameSessionDialog
        target={renameTarget}
        onOpenChange={(open) => !open && setRenameTarget(null)}
        onCloseAutoFocus={(event) => renameFocus.onCloseAutoFocus(event, conversationRegion)}
      />
      <DeleteSessionDialog
        sessionId={deleteTarget}
        onOpenChange={(open) => !open && setDeleteTarget(null)}
        onDeleted={() => void navigate(paths.studio.getHref(), { replace: true })}
        onCloseAutoFocus={(event) => deleteFocus.onCloseAutoFocus(event, conversationRegion)}
      />
    </main>
  );
}
