import { COLOUR_WORDS } from './colour-words';
import { coveredTokens, defineVocabulary, findMentions, russianAdjective, type Tokens } from './text-match';

/**
 * What the local engine can draw from words: the time of day and a fixed set of scene elements, in
 * English and Russian. Anything else in a prompt is not drawn (the reply says so).
 */

export type TimeOfDay = 'sunrise' | 'day' | 'sunset' | 'night';

export const SCENE_ELEMENTS = [
  'sky',
  'sea',
  'beach',
  'mountains',
  'hills',
  'city',
  'forest',
  'desert',
  'field',
  'snow',
  'clouds',
  'rain',
  'sun',
  'moon',
  'stars',
  'aurora',
  'boat',
  'birds',
  'island',
  'rainbow',
  'space',
  'cliff',
  'lighthouse',
  'house',
  'tree',
  'car',
  'bridge',
  'eiffel-tower',
  'cat',
  'dog',
  'horse',
  'deer',
] as const;
export type SceneElement = (typeof SCENE_ELEMENTS)[number];

const TIME_WORDS = defineVocabulary<TimeOfDay>([
  {
    value: 'sunrise',
    patterns: [
      'sunrise*',
      'dawn',
      'morning',
      'daybreak',
      'рассвет*',
      'утр*',
      'заря',
      'зари',
      'зарю',
      'зарей',
      ...russianAdjective('утренн'),
    ],
  },
  {
    value: 'day',
    patterns: [
      'day',
      'daytime',
      'noon',
      'midday',
      'afternoon',
      'sunny',
      'днем',
      'день',
      'дня',
      'полдень',
      'полдн*',
      ...russianAdjective('дневн'),
      ...russianAdjective('солнечн'),
    ],
  },
  {
    value: 'sunset',
    patterns: ['sunset*', 'dusk', 'evening', 'twilight', 'sundown', 'закат*', 'вечер*', 'сумерк*', ...russianAdjective('закатн')],
  },
  {
    value: 'night',
    patterns: [
      'night*',
      'midnight',
      'nighttime',
      'starry',
      'moonlit',
      'moonlight',
      'ноч*',
      'полноч*',
      ...russianAdjective('звездн'),
      ...russianAdjective('лунн'),
    ],
  },
]);

const ELEMENT_WORDS = defineVocabulary<SceneElement>([
  { value: 'sky', patterns: ['sky', 'skies', 'небо', 'неба', 'небом', 'небе', 'небес*'] },
  {
    value: 'sea',
    patterns: [
      'sea',
      'seas',
      'ocean*',
      'waves',
      'lake*',
      'water',
      'river*',
      'bay',
      'seaside',
      'seascape',
      'море',
      'моря',
      'морю',
      'морем',
      'морей',
      'морск*',
      'океан*',
      'волн*',
      'озер*',
      'вода',
      'воды',
      'воде',
      'воду',
      'водой',
      'рек*',
      'залив*',
    ],
  },
  { value: 'beach', patterns: ['beach*', 'shore', 'coast*', 'пляж*', 'берег*', 'побережь*'] },
  {
    value: 'mountains',
    patterns: [
      'mountain*',
      'peak*',
      'alps',
      'volcano*',
      'гор',
      'горы',
      'гора',
      'горам',
      'горах',
      'горами',
      'гору',
      'горой',
      ...russianAdjective('горн'),
      'вершин*',
      'вулкан*',
      'альп*',
    ],
  },
  { value: 'cliff', patterns: ['cliff*', 'headland*', 'crag*', 'rock', 'rocks', 'rocky', 'скал*', 'утес*', 'обрыв*', 'мыс'] },
  { value: 'lighthouse', patterns: ['lighthouse*', 'light house', 'маяк*'] },
  {
    value: 'house',
    patterns: [
      'house',
      'houses',
      'cottage*',
      'cabin*',
      'hut',
      'hut*',
      'barn*',
      'farmhouse*',
      'villa*',
      'дом',
      'дома',
      'доме',
      'домом',
      'домик*',
      'избушк*',
      'изб*',
      'хижин*',
      'коттедж*',
      'дач*',
    ],
  },
  {
    value: 'tree',
    patterns: ['tree', 'oak*', 'lone tree', 'single tree', 'дерево', 'деревом', 'дереве', 'дуб', 'дуба', 'дубом', 'березк*', 'берез*'],
  },
  { value: 'car', patterns: ['car', 'cars', 'automobile*', 'sports car*', 'vehicle*', 'машин*', 'автомобил*', 'тачк*'] },
  { value: 'bridge', patterns: ['bridge*', 'viaduct*', 'aqueduct*', 'мост*', 'мостик*'] },
  { value: 'eiffel-tower', patterns: ['eiffel tower', 'eiffel', 'paris', 'эйфелев*', 'париж*'] },
  { value: 'cat', patterns: ['cat', 'cats', 'kitten*', 'kitty', 'кот', 'кота', 'котом', 'коте', 'кошк*', 'котик*', 'котен*', 'котят*'] },
  { value: 'dog', patterns: ['dog', 'dogs', 'puppy', 'puppies', 'hound*', 'собак*', 'пес', 'пса', 'псом', 'щен*', 'песик*'] },
  {
    value: 'horse',
    patterns: ['horse*', 'pony', 'ponies', 'stallion*', 'mare', 'лошад*', 'конь', 'коня', 'конем', 'кони', 'пони', 'жереб*'],
  },
  { value: 'deer', patterns: ['deer', 'reindeer', 'stag*', 'elk', 'moose', 'олен*', 'лось', 'лося', 'лосем'] },
  { value: 'hills', patterns: ['hill*', 'valley*', 'countryside', 'landscape', 'холм*', 'долин*', 'пейзаж*'] },
  {
    value: 'city',
    patterns: [
      'city',
      'cities',
      'town*',
      'skyline*',
      'downtown',
      'metropolis',
      'skyscraper*',
      'buildings',
      'urban',
      'street*',
      'new york',
      'manhattan',
      'london',
      'tokyo',
      'moscow',
      'berlin',
      'rome',
      'dubai',
      'chicago',
      'hong kong',
      'singapore',
      'город*',
      'мегаполис*',
      'небоскреб*',
      'здани*',
      'улиц*',
      ...russianAdjective('городск'),
      'нью йорк*',
      'лондон*',
      'токио',
      'москв*',
      'берлин*',
      'рим',
      'риме',
      'дубай',
      'сингапур*',
    ],
  },
  {
    value: 'forest',
    patterns: [
      'forest*',
      'trees',
      'woods',
      'wood',
      'woodland*',
      'jungle*',
      'pine*',
      'лес',
      'леса',
      'лесу',
      'лесом',
      'лесов',
      ...russianAdjective('лесн'),
      'деревья',
      'деревьев',
      'сосн*',
      'ель',
      'ели',
      'елей',
      'джунгл*',
      'тайг*',
      'рощ*',
    ],
  },
  {
    value: 'desert',
    patterns: ['desert*', 'dune*', 'sand*', 'sahara', 'пустын*', 'дюн*', 'песок', 'песк*', ...russianAdjective('песчан')],
  },
  {
    value: 'field',
    patterns: ['field*', 'meadow*', 'grass*', 'prairie', 'farm*', 'поле', 'поля', 'полях', 'полем', 'луг*', 'трав*', 'степь', 'степи'],
  },
  { value: 'snow', patterns: ['snow*', 'winter*', 'ice', 'icy', 'frozen', 'снег*', 'снеж*', 'зим*', 'лед', 'льд*'] },
  { value: 'clouds', patterns: ['cloud*', 'overcast', 'облак*', 'облач*', 'туч*', 'пасмурн*'] },
  { value: 'rain', patterns: ['rain*', 'storm*', 'дожд*', 'ливн*', 'ливень', 'гроз*', 'шторм*'] },
  { value: 'sun', patterns: ['sun', 'sunshine', 'солнц*'] },
  { value: 'moon', patterns: ['moon*', 'лун*', 'месяц'] },
  { value: 'stars', patterns: ['star*', 'звезд*'] },
  { value: 'aurora', patterns: ['aurora*', 'northern lights', 'polar lights', 'северн* сияни*', 'полярн* сияни*', 'сияни*'] },
  { value: 'boat', patterns: ['boat*', 'ship*', 'sail*', 'yacht*', 'лодк*', 'корабл*', 'парус*', 'яхт*'] },
  { value: 'birds', patterns: ['bird*', 'seagull*', 'gulls', 'птиц*', 'чайк*'] },
  { value: 'island', patterns: ['island*', 'остров*'] },
  { value: 'rainbow', patterns: ['rainbow*', 'радуг*'] },
  {
    value: 'space',
    patterns: [
      'space',
      'outer space',
      'galaxy',
      'galaxies',
      'nebula*',
      'planet*',
      'cosmos',
      'universe',
      'космос*',
      'космическ*',
      'галактик*',
      'туманност*',
      'планет*',
      'вселенн*',
    ],
  },
]);

export interface SceneDescription {
  time: TimeOfDay;
  /** True when the words name the time of day ("at sunset"); otherwise it is the default or follows the elements. */
  timeNamed: boolean;
  elements: Set<SceneElement>;
  /** Colours (their ids) named for an element ("red mountains") or, when they name none, for the sky. */
  colours: Map<SceneElement, string>;
  /** The words that shaped the picture, for the reply. */
  understood: string[];
  /** Token positions of the scene's own words (time, elements, colours). */
  taken: Set<number>;
  /** Token positions of the things it draws (not times or colours): what can be a picture's subject. */
  elementPositions: Set<number>;
}

/**
 * Reads the scene from a prompt. `reserve` lets the caller claim more words (styles, adjustments)
 * after the scene's own words and before colours, so "in black and white" stays a style.
 */
export function describeScene(tokens: Tokens, reserve: (taken: ReadonlySet<number>) => Iterable<number> = () => []): SceneDescription {
  const times = findMentions(tokens, TIME_WORDS);
  const taken = coveredTokens(times);
  const elements = findMentions(tokens, ELEMENT_WORDS, taken);
  coveredTokens(elements, taken);
  const sceneWords = new Set(taken);
  for (const position of reserve(sceneWords)) taken.add(position);
  const colourMentions = findMentions(tokens, COLOUR_WORDS, taken);
  coveredTokens(colourMentions, taken);
  coveredTokens(colourMentions, sceneWords);

  const present = new Set<SceneElement>(elements.map((mention) => mention.value));
  let time: TimeOfDay = times[0]?.value ?? 'day';
  if (!times[0] && (present.has('moon') || present.has('stars') || present.has('aurora') || present.has('space'))) time = 'night';

  const colours = new Map<SceneElement, string>();
  for (const colour of colourMentions) {
    const after = elements.find((element) => element.start >= colour.end && element.start - colour.end <= 2);
    const before = [...elements].reverse().find((element) => element.end <= colour.start && colour.start - element.end <= 2);
    const target = after?.value ?? before?.value ?? 'sky';
    if (!colours.has(target)) colours.set(target, colour.value);
  }

  const understood = [...times, ...elements, ...colourMentions]
    .sort((a, b) => a.start - b.start)
    .map((mention) => tokens.slice(mention.start, mention.end).join(' '));
  return {
    time,
    timeNamed: times.length > 0,
    elementPositions: coveredTokens(elements),
    elements: present,
    colours,
    understood,
    taken: sceneWords,
  };
}
