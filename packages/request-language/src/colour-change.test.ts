import { describe, expect, it } from 'vitest';
import { parseColourChange } from './colour-change';
import { tokenize } from './text-match';

describe('reading a colour change', () => {
  it.each([
    ['make the red jacket blue', { from: 'red', to: 'blue' }],
    ['change the red to blue', { from: 'red', to: 'blue' }],
    ['replace red with green', { from: 'red', to: 'green' }],
    ['turn the blue sky into a deep purple', { from: 'blue', to: 'purple' }],
    ['make the jacket blue', { to: 'blue' }],
    ['сделай красную куртку синей', { from: 'red', to: 'blue' }],
    ['сделай куртку синей', { to: 'blue' }],
    ['поменяй красный на зелёный', { from: 'red', to: 'green' }],
    ['перекрась рубашку в жёлтый', { to: 'yellow' }],
    ['замени белый цвет на чёрный', { from: 'white', to: 'black' }],
    ['make the shirt light blue', { to: 'light-blue' }],
  ])('%s', (text, expected) => {
    expect(parseColourChange(tokenize(text))).toEqual(expected);
  });

  it('finds no change where no colour is named', () => {
    expect(parseColourChange(tokenize('make it a pencil sketch'))).toBeNull();
  });
});
