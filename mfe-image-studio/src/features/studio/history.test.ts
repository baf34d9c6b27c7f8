import { describe, expect, it } from 'vitest';
import { applyStep, currentImage, describeSteps, startHistory, undoStep } from './history.ts';

const image = (url: string) => ({ url, width: 10, height: 10 });

describe('Product Studio history', () => {
  it('works on the newest result, and undo goes back one step at a time to the original', () => {
    let history = startHistory(image('/original.png'));
    expect(currentImage(history).url).toBe('/original.png');
    history = applyStep(history, { image: image('/cut.png'), label: 'Remove background' });
    history = applyStep(history, { image: image('/marble.png'), label: 'Marble counter' });
    expect(currentImage(history).url).toBe('/marble.png');
    expect(describeSteps(history)).toBe('Product Studio: Remove background → Marble counter');
    history = undoStep(history);
    expect(currentImage(history).url).toBe('/cut.png');
    history = undoStep(undoStep(history));
    expect(currentImage(history).url).toBe('/original.png');
    expect(history.steps).toEqual([]);
    expect(describeSteps(history)).toBe('Edited in Product Studio');
  });
});
