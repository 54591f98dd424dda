import { asksToCombine, editOperationsIn, findCaption, findImageCount, findTextReplacement, isFollowUp, readAspectRatio, readGenerationPrompt, tokenize } from '@photomuse/request-language';
import { MAX_IMAGES_PER_REQUEST, type GenerationPlan } from '@shared/generation';
import type { PlanRequest, ReplyPlanner } from '../planning';

/**
 * Plans a reply from the words of a request, in English and Russian, for the local engine (and for
 * instant price quotes with any engine). The words are read by the request-language package, the
 * local engine's own reading, so an edit it plans is one the engine can do; this decides what the
 * reading means for the reply: edit or new picture, from which images, how many (within the
 * product's limit).
 */

function clampCount(count: number): number {
  return Math.max(1, Math.min(MAX_IMAGES_PER_REQUEST, Math.round(count)));
}

export function planByRules(request: PlanRequest): GenerationPlan {
  const text = request.text.trim();
  // Words to write (a caption, or text to replace what is in the photo) are not instructions ("Add the caption "3 wide shots"").
  const replacement = findTextReplacement(text);
  const caption = replacement ? null : findCaption(text);
  const textOutsideCaption = replacement?.remainingText ?? caption?.remainingText ?? text;
  const { ratio, textWithoutRatios } = readAspectRatio(textOutsideCaption);
  const tokens = tokenize(textWithoutRatios);
  const explicitCount = findImageCount(tokens);
  const operations = editOperationsIn(tokens, ratio, caption);
  if (replacement) operations.any = true;

  let sourceImages: GenerationPlan['sourceImages'];
  if (request.attachmentCount > 0) {
    sourceImages = 'attachments';
  } else if (request.hasPreviousOutput && isFollowUp(tokens, operations.any)) {
    sourceImages = 'previous-output';
  } else {
    sourceImages = 'none';
  }
  const intent = sourceImages === 'none' ? 'generate' : 'edit';

  // Several photos: one result for each (each one charged, so the quote shows it), unless they are to become one picture.
  let imageCount = explicitCount ?? 1;
  if (request.attachmentCount > 1 && !asksToCombine(tokens)) imageCount = request.attachmentCount * (explicitCount ?? 1);

  const style = intent === 'edit' ? operations.styles[0] : readGenerationPrompt(tokens).styles[0];
  const instruction = text || (intent === 'edit' ? 'Enhance the photo' : 'A landscape');
  return {
    intent,
    instruction,
    imageCount: clampCount(imageCount),
    aspectRatio: ratio ?? 'unchanged',
    sourceImages,
    ...(style ? { style: style.id } : {}),
  };
}

export const ruleBasedPlanner: ReplyPlanner = {
  plan: (request) => Promise.resolve(planByRules(request)),
};
