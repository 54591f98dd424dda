import { describe, expect, it } from 'vitest';
import { generationPlanSchema, imageLimitRefusal, MAX_IMAGES_PER_REQUEST, type GenerationPlan } from '@shared/generation';
import { LocalImageEngine } from '@photomuse/image';
import { fixture } from '@test/server/images';
import { planByRules, ruleBasedPlanner } from './rule-based-planner';

type Context = { attachments?: number; previous?: boolean };

function plan(text: string, { attachments = 0, previous = false }: Context = {}): GenerationPlan {
  return planByRules({ text, attachmentCount: attachments, hasPreviousOutput: previous });
}

describe('generate or edit, and from which images', () => {
  it.each<[string, Context, GenerationPlan['intent'], GenerationPlan['sourceImages']]>([
    // New pictures from text.
    ['a night city', {}, 'generate', 'none'],
    ['sunset over the sea', {}, 'generate', 'none'],
    ['ночной город у моря', {}, 'generate', 'none'],
    ['make it darker', {}, 'generate', 'none'],
    // Photos attached: always an edit of them.
    ['make the red jacket blue', { attachments: 1 }, 'edit', 'attachments'],
    ['сделай куртку синей', { attachments: 1 }, 'edit', 'attachments'],
    ['a night city', { attachments: 1 }, 'edit', 'attachments'],
    ['', { attachments: 2 }, 'edit', 'attachments'],
    // Follow-ups edit the previous output.
    ['now make it darker', { previous: true }, 'edit', 'previous-output'],
    ['а теперь темнее', { previous: true }, 'edit', 'previous-output'],
    ['darker', { previous: true }, 'edit', 'previous-output'],
    ['теперь ярче', { previous: true }, 'edit', 'previous-output'],
    ['turn it into a cartoon', { previous: true }, 'edit', 'previous-output'],
    ['в стиле поп-арт', { previous: true }, 'edit', 'previous-output'],
    ['make it square', { previous: true }, 'edit', 'previous-output'],
    ['сделай его квадратным', { previous: true }, 'edit', 'previous-output'],
    ['two more versions', { previous: true }, 'edit', 'previous-output'],
    ['ещё два варианта', { previous: true }, 'edit', 'previous-output'],
    ['change the blue to red', { previous: true }, 'edit', 'previous-output'],
    ['поменяй синий на красный', { previous: true }, 'edit', 'previous-output'],
    ['a bit more contrast', { previous: true }, 'edit', 'previous-output'],
    ['mirror it', { previous: true }, 'edit', 'previous-output'],
    ['again, but in sepia', { previous: true }, 'edit', 'previous-output'],
    ['Add the caption "Iceland"', { previous: true }, 'edit', 'previous-output'],
    ['добавь надпись «Исландия»', { previous: true }, 'edit', 'previous-output'],
    ['напиши "Привет"', { previous: true }, 'edit', 'previous-output'],
    ['Add the caption "Iceland"', { attachments: 1 }, 'edit', 'attachments'],
    // A new subject, even with a previous picture on screen.
    ['draw a forest', { previous: true }, 'generate', 'none'],
    ['нарисуй лес', { previous: true }, 'generate', 'none'],
    ['sunset over the sea', { previous: true }, 'generate', 'none'],
    ['mountains at night', { previous: true }, 'generate', 'none'],
    ['a red car', { previous: true }, 'generate', 'none'],
    ['create a picture of a city at night', { previous: true }, 'generate', 'none'],
    ['сгенерируй картинку с морем', { previous: true }, 'generate', 'none'],
  ])('%j %j → %s from %s', (text, context, intent, sourceImages) => {
    const result = plan(text, context);
    expect(result.intent).toBe(intent);
    expect(result.sourceImages).toBe(sourceImages);
  });
});

describe('how many images', () => {
  it.each<[string, Context, number]>([
    ['a night city', {}, 1],
    ['two versions of a sunset', {}, 2],
    ['3 images of mountains', {}, 3],
    ['give me 4 pictures of the sea', {}, 4],
    // Counted as asked, never cut to the limit: a count above it is refused where it is priced.
    ['10 pictures of the sea', {}, 10],
    ['make 10 versions', { previous: true }, 10],
    ['сделай 8 вариантов', { previous: true }, 8],
    ['сделай восемь вариантов', { attachments: 1 }, 8],
    ['a couple of options in sepia', { attachments: 1 }, 2],
    ['three different variations', { previous: true }, 3],
    ['a single image of a forest', {}, 1],
    ['три варианта заката над морем', {}, 3],
    ['две картинки с горами', {}, 2],
    ['сделай 3 версии в стиле акварели', { attachments: 1 }, 3],
    ['пару вариантов', { previous: true }, 2],
    ['четыре изображения ночного города', {}, 4],
    ['some variations', { previous: true }, 2],
    ['make them black and white', { attachments: 3 }, 3],
    ['сделай их чёрно-белыми', { attachments: 2 }, 2],
    ['make it black and white', { attachments: 3 }, 3],
    ['make the shirt red', { attachments: 2 }, 2],
    ['combine them into a collage', { attachments: 3 }, 1],
    ['объедини их в одну картинку', { attachments: 2 }, 1],
    ['two versions of each in sepia', { attachments: 2 }, 4],
    ['two versions of each in sepia', { attachments: 5 }, 10],
    ['make them black and white', { attachments: 5 }, 5],
    ['put both of us on a beach, two versions', { attachments: 2 }, 2],
    ['помести нас обоих на пляж', { attachments: 2 }, 1],
    ['a 16:9 picture of the sea', {}, 1],
    ['three cats', {}, 1],
  ])('%j → %i', (text, context, count) => {
    expect(plan(text, context).imageCount).toBe(count);
  });
});

describe('several photos: one picture of them all, or results of each', () => {
  it.each<[string, number, boolean]>([
    ['combine them into a collage', 3, true],
    ['put both of us on a beach, two versions', 2, true],
    ['объедини их в одну картинку', 2, true],
    ['make them black and white', 5, false],
    ['two versions of each in sepia', 2, false],
    // One photo has nothing to combine with.
    ['combine it with a sunset', 1, false],
  ])('%j with %i photos → combined: %s', (text, attachments, combined) => {
    expect(plan(text, { attachments }).combine === true).toBe(combined);
  });
});

describe('which shape', () => {
  it.each<[string, Context, string]>([
    ['a night city', {}, 'unchanged'],
    ['make it square', { attachments: 1 }, '1:1'],
    ['квадрат', { attachments: 1 }, '1:1'],
    ['сделай квадратным', { attachments: 1 }, '1:1'],
    ['16:9 please', { attachments: 1 }, '16:9'],
    ['crop to 4x3', { attachments: 1 }, '4:3'],
    ['a 9:16 wallpaper of the sea', {}, '9:16'],
    ['3 на 4', { attachments: 1 }, '3:4'],
    ['widescreen sunset', {}, '16:9'],
    ['широкоформатный закат', {}, '16:9'],
    ['in portrait format', { attachments: 1 }, '3:4'],
    ['make it portrait', { attachments: 1 }, '3:4'],
    ['Turn this portrait into a pencil sketch', { attachments: 1 }, 'unchanged'],
    ['a portrait of a lighthouse', {}, 'unchanged'],
    ['portrait mode', { attachments: 1 }, 'unchanged'],
    ['портретная ориентация', { attachments: 1 }, '3:4'],
    ['make it vertical for my story', { attachments: 1 }, '9:16'],
    ['вертикальный формат', { attachments: 1 }, '9:16'],
    ['горизонтальный', { attachments: 1 }, '16:9'],
    ['a panorama of mountains', {}, '21:9'],
    ['keep the original size', { attachments: 1 }, 'unchanged'],
    ['a portrait of a woman', {}, 'unchanged'],
    ['16:1 banner', { attachments: 1 }, 'unchanged'],
  ])('%j → %s', (text, context, aspectRatio) => {
    expect(plan(text, context).aspectRatio).toBe(aspectRatio);
  });
});

describe('style and instruction', () => {
  it.each<[string, Context, string | undefined]>([
    ['turn it into a pencil sketch', { attachments: 1 }, 'pencil-sketch'],
    ['нарисуй карандашом', { attachments: 1 }, 'pencil-sketch'],
    ['в стиле акварели', { attachments: 1 }, 'watercolour'],
    ['make it look like pop art', { attachments: 1 }, 'pop-art'],
    ['черно-белое фото', { attachments: 1 }, 'black-and-white'],
    ['sunset over the sea in watercolour', {}, 'watercolour'],
    ['a night city', {}, undefined],
    ['make the red jacket blue', { attachments: 1 }, undefined],
  ])('%j → style %s', (text, context, style) => {
    expect(plan(text, context).style).toBe(style);
  });

  it('reads a caption’s words as words to write, not as a shape, count or style', () => {
    const planned = plan('write "2 wide shots 16:9 in sepia" on it', { previous: true });
    expect(planned).toMatchObject({ intent: 'edit', sourceImages: 'previous-output', imageCount: 1, aspectRatio: 'unchanged' });
    expect(planned.style).toBeUndefined();
  });

  it('keeps the user’s words as the instruction', () => {
    expect(plan('  make the red jacket blue  ', { attachments: 1 }).instruction).toBe('make the red jacket blue');
    expect(plan('', { attachments: 1 }).instruction).toBe('Enhance the photo');
  });

  it('always produces a plan the shared schema accepts, but for a count above the limit (refused where it is priced)', async () => {
    const refused: string[] = [];
    for (const text of ['', 'a night city', '10 pictures 16:9', 'x'.repeat(500), '!!!', 'сделай 7 вариантов 21:9', 'three versions']) {
      for (const context of [
        { attachmentCount: 0, hasPreviousOutput: false },
        { attachmentCount: 2, hasPreviousOutput: true },
      ]) {
        const result = await ruleBasedPlanner.plan({ text, ...context });
        if (imageLimitRefusal(result.imageCount)) {
          refused.push(`${text} (${context.attachmentCount})`);
          expect(generationPlanSchema.safeParse(result).success).toBe(false);
          expect(generationPlanSchema.parse({ ...result, imageCount: MAX_IMAGES_PER_REQUEST })).toEqual({
            ...result,
            imageCount: MAX_IMAGES_PER_REQUEST,
          });
        } else {
          expect(generationPlanSchema.parse(result)).toEqual(result);
        }
      }
    }
    expect(refused).toEqual([
      '10 pictures 16:9 (0)',
      '10 pictures 16:9 (2)',
      'сделай 7 вариантов 21:9 (0)',
      'сделай 7 вариантов 21:9 (2)',
      'three versions (2)',
    ]);
  });
});

describe('plans the local engine can carry out', () => {
  const engine = new LocalImageEngine({ workingMaxSide: 200, sceneLongSide: 200 });
  const photo = { data: fixture('people/082.jpg'), mimeType: 'image/jpeg' };

  it.each([
    ['make the red shirt blue', { attachments: 1 }],
    ['сделай рубашку зелёной и квадратной', { attachments: 1 }],
    ['now make it darker', { previous: true }],
    ['а теперь в стиле поп-арт, три варианта', { previous: true }],
    ['2 versions 16:9', { attachments: 1 }],
    ['ночной город у моря', {}],
    ["add text 'Sale' at the top", { attachments: 1 }],
    ['put me on a beach', { attachments: 1 }],
    ['make the shirt blue', { attachments: 2 }],
  ] as const)('%j', async (text, context) => {
    const planned = plan(text, context);
    const result =
      planned.intent === 'edit'
        ? await engine.edit(
            Array.from({ length: 'attachments' in context ? context.attachments : 1 }, () => photo),
            planned.instruction,
            { count: planned.imageCount, aspectRatio: planned.aspectRatio },
          )
        : await engine.generate(planned.instruction, { count: planned.imageCount, aspectRatio: planned.aspectRatio });
    expect(result.images).toHaveLength(planned.imageCount);
  });
});

describe("the local engine's upload suggestions", () => {
  const engine = new LocalImageEngine({ workingMaxSide: 300 });

  it('suggests only what the local engine can then do', async () => {
    for (const name of ['people/082.jpg', 'photos/Landscape_1.jpg', 'people/099.jpg']) {
      const analysis = await engine.analyzeUpload({ data: fixture(name), mimeType: 'image/jpeg' });
      for (const suggestion of analysis.suggestions) {
        const plan = planByRules({ text: suggestion.description, attachmentCount: 1, hasPreviousOutput: false });
        const result = await engine.edit([{ data: fixture(name), mimeType: 'image/jpeg' }], plan.instruction, {
          count: 1,
          aspectRatio: plan.aspectRatio,
        });
        expect(result.images, suggestion.description).toHaveLength(1);
      }
    }
  });
});

describe('requests that are no picture to make', () => {
  it.each(['What can you draw?', 'what can you do', 'Что ты умеешь рисовать?', 'что умеешь'])(
    'plans “%s” as a question answered with words',
    (text) => {
      expect(plan(text)).toMatchObject({ answer: 'what-it-can-do', sourceImages: 'none' });
      expect(plan(text, { previous: true }).answer).toBe('what-it-can-do');
    },
  );

  it('plans a request to draw as a picture, not as the question', () => {
    expect(plan('draw a cat').answer).toBeUndefined();
    expect(plan('What can you draw?', { attachments: 1 }).answer).toBeUndefined();
  });

  it('plans text to replace with no picture in the chat as an edit of nothing, never a scene of the word “replace”', () => {
    const planned = plan('replace the text "Hello" with "Goodbye"');
    expect(planned).toMatchObject({ intent: 'edit', sourceImages: 'none' });
    expect(planned.undrawable).toBeUndefined();
    expect(plan('replace the text "Hello" with "Goodbye"', { previous: true })).toMatchObject({
      intent: 'edit',
      sourceImages: 'previous-output',
    });
  });
});
