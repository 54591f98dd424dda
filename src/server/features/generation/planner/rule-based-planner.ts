import {
  asksToCombine,
  asksWhatItCanDo,
  editOperationsIn,
  findCaption,
  findImageCount,
  findTextReplacement,
  findUndrawable,
  isFollowUp,
  readAspectRatio,
  readGenerationPrompt,
  tokenize,
} from '@photomuse/request-language';
import { MIN_IMAGES_PER_REQUEST, type GenerationPlan } from '@shared/generation';
import type { PlanRequest, ReplyPlanner } from '../planning';

/**
 * Plans a reply from the words of a request, in English and Russian, for the local engine (and for
 * instant price quotes with any engine). The words are read by the request-language package, the
 * local engine's own reading, so an edit it plans is one the engine can do; this decides what the
 * reading means for the reply: edit or new picture, from which images, how many.
 */

/**
 * The count as asked, never cut down to the limit: a request for more images than one reply may
 * make is refused with a message where it is priced, not silently answered with fewer.
 */
function countAsked(count: number): number {
  return Math.max(MIN_IMAGES_PER_REQUEST, Math.round(count));
}

export function planByRules(request: PlanRequest): GenerationPlan {
  const text = request.text.trim();
  // A question about the engine is answered with words: nothing to draw, nothing to charge.
  if (request.attachmentCount === 0 && asksWhatItCanDo(text))
    return {
      intent: 'generate',
      instruction: text,
      imageCount: MIN_IMAGES_PER_REQUEST,
      aspectRatio: 'unchanged',
      sourceImages: 'none',
      answer: 'what-it-can-do',
    };
  // Words to write (a caption, or text to replace what is in the photo) are not instructions ("Add the caption "3 wide shots"").
  const replacement = findTextReplacement(text);
  const caption = replacement ? null : findCaption(text);
  const textOutsideCaption = replacement?.remainingText ?? caption?.remainingText ?? text;
  const found = readAspectRatio(textOutsideCaption);
  // What the composer's pickers chose stands over what the words say.
  const ratio = request.aspectRatio ?? found.ratio;
  const tokens = tokenize(found.textWithoutRatios);
  const explicitCount = request.imageCount ?? findImageCount(tokens);
  const operations = editOperationsIn(tokens, found.ratio, caption);
  if (replacement) {
    operations.any = true;
    operations.upscaleOnly = false;
  }

  let sourceImages: GenerationPlan['sourceImages'];
  if (request.attachmentCount > 0) {
    sourceImages = 'attachments';
  } else if (request.hasPreviousOutput && isFollowUp(tokens, operations.any)) {
    sourceImages = 'previous-output';
  } else {
    sourceImages = 'none';
  }
  // Text to replace is only ever in a picture: with none in the chat it is an edit of nothing (refused before the charge), not a scene to draw.
  const intent = sourceImages === 'none' && !replacement ? 'generate' : 'edit';

  // Several photos: one result for each (each one charged, so the quote shows it), unless they are to become one picture.
  const combine = request.attachmentCount > 1 && asksToCombine(tokens);
  let imageCount = explicitCount ?? 1;
  if (request.attachmentCount > 1 && !combine) imageCount = request.attachmentCount * (explicitCount ?? 1);

  const prompt = intent === 'generate' ? readGenerationPrompt(tokens) : null;
  const style = prompt ? prompt.styles[0] : operations.styles[0];
  // The built-in engine's reading of what it cannot draw, so an engine drawing only its known subjects refuses before the charge.
  const undrawable = prompt ? findUndrawable(tokens, prompt.covered, prompt.scene.elementPositions).subject?.slice(0, 60) : null;
  const instruction = text || (intent === 'edit' ? 'Enhance the photo' : 'A landscape');
  return {
    intent,
    instruction,
    imageCount: countAsked(imageCount),
    aspectRatio: ratio ?? 'unchanged',
    sourceImages,
    ...(combine ? { combine } : {}),
    ...(style ? { style: style.id } : {}),
    ...(intent === 'edit' && operations.upscaleOnly ? { upscaleOnly: true } : {}),
    ...(undrawable ? { undrawable } : {}),
  };
}

export const ruleBasedPlanner: ReplyPlanner = {
  plan: (request) => Promise.resolve(planByRules(request)),
};
