import { describe, expect, it } from 'vitest';
import { nameColour, readPrompt, type RGB } from './lexicon.ts';

describe('colour names', () => {
  it('names the colours a photo’s description speaks of as people would', () => {
    const samples: Record<string, RGB[]> = {
      pink: [
        [240, 190, 200],
        [232, 170, 185],
        [250, 215, 222],
        [225, 160, 170],
      ],
      beige: [
        [220, 200, 165],
        [210, 190, 160],
        [215, 195, 170],
      ],
      navy: [
        [20, 30, 75],
        [30, 45, 100],
        [0, 0, 128],
      ],
      teal: [
        [0, 128, 128],
        [30, 140, 140],
        [0, 110, 115],
      ],
      amber: [
        [255, 191, 0],
        [255, 176, 0],
        [245, 170, 30],
      ],
      charcoal: [
        [54, 57, 62],
        [60, 60, 60],
        [45, 45, 48],
      ],
    };
    for (const [name, colours] of Object.entries(samples)) for (const c of colours) expect(nameColour(c), `rgb(${c.join(',')})`).toBe(name);
  });
});

describe('prompt words', () => {
  it('reads colours by their CSS and design names, with the word before one changing its tone', () => {
    const words = readPrompt('a light blue wall, dark green velvet, sky blue and terracotta');
    expect(words.colourNames).toEqual(['lightblue', 'darkgreen', 'skyblue']);
    expect(words.material?.name).toBe('velvet');
    // "dark" and "light" went to the colours: the scene itself is neither dark nor bright.
    expect(words.dark).toBe(false);
    expect(words.lights).toEqual([]);
    expect(readPrompt('a pale sage backdrop').colours[0]![1]).toBeGreaterThan(readPrompt('a sage backdrop').colours[0]![1]);
  });

  it('reads materials, tiles, light and cast shadows', () => {
    const words = readPrompt('sunlit terracotta tiles with palm leaf shadows');
    expect(words.material?.name).toBe('terracotta');
    expect(words.tiled).toBe(true);
    expect(words.lights).toEqual(['sunlit']);
    expect(words.gobo).toBe('leaves');
    expect(readPrompt('golden hour light through venetian blinds')).toMatchObject({ lights: ['golden'], gobo: 'blinds', mood: 'warm' });
    expect(readPrompt('a neon glow, moody')).toMatchObject({ lights: ['neon', 'moody'], dark: true });
    // Words that are only an object's own keys are not words of the table.
    expect(readPrompt('constructor toString')).toMatchObject({ colours: [], material: undefined, lights: [] });
  });
});
