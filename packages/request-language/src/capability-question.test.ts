import { describe, expect, it } from 'vitest';
import { asksWhatItCanDo } from './capability-question';

describe('asksWhatItCanDo', () => {
  it.each([
    'What can you draw?',
    'what can you do',
    'What kind of pictures can you make?',
    'What else can you do, please?',
    'Что ты умеешь рисовать?',
    'что умеешь',
    'А что ты можешь нарисовать?',
    'Что вы умеете делать?',
  ])('reads “%s” as the question', (text) => {
    expect(asksWhatItCanDo(text)).toBe(true);
  });

  it.each([
    'Draw a cat',
    'What a lovely sunset over the sea',
    'Make the jacket red',
    'A lighthouse you can see from the sea at night',
    'Нарисуй кота',
    'Что-то красивое: горы на закате',
    '',
  ])('does not read “%s” as the question', (text) => {
    expect(asksWhatItCanDo(text)).toBe(false);
  });
});
