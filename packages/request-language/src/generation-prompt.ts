import { findAdjustments, type AdjustmentMention } from './adjustment-words';
import { describeScene, type SceneDescription } from './scene-words';
import { findStyles, type Style } from './styles/style-words';
import { coveredTokens, type Tokens } from './text-match';

/**
 * What the local engine reads from a text-to-image prompt, in order of precedence: the scene's own
 * words ("night", "sea"), then adjustments and styles ("darker", "in watercolour"), then colours.
 */
export interface GenerationPrompt {
  scene: SceneDescription;
  styles: Style[];
  adjustments: AdjustmentMention[];
  /** Token positions all of these used: the words the engine understood. */
  covered: Set<number>;
}

export function readGenerationPrompt(tokens: Tokens): GenerationPrompt {
  let styles: Style[] = [];
  let adjustments: AdjustmentMention[] = [];
  let covered = new Set<number>();
  const scene = describeScene(tokens, (sceneWords) => {
    adjustments = findAdjustments(tokens, sceneWords);
    const taken = coveredTokens(adjustments, new Set(sceneWords));
    const styleMentions = findStyles(tokens, taken);
    styles = styleMentions.map((mention) => mention.value);
    covered = coveredTokens(styleMentions, taken);
    return covered;
  });
  return { scene, styles, adjustments, covered: new Set([...covered, ...scene.taken]) };
}
