import { TrainingMessages, Messages } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { suggestedName, trainingPhotosProblem } from './TrainModelPage.tsx';

const png = { type: 'image/png', size: 1000 };

describe('training form rules', () => {
  it('asks for 3 to 8 images of the allowed types and sizes', () => {
    expect(trainingPhotosProblem([png, png])).toBe(TrainingMessages.tooFewImages);
    expect(trainingPhotosProblem(Array(9).fill(png))).toBe(TrainingMessages.tooManyImages);
    expect(trainingPhotosProblem([png, png, { type: 'image/gif', size: 10 }])).toBe(Messages.imageTypeInvalid);
    expect(trainingPhotosProblem([png, png, png, png])).toBeNull();
  });

  it('suggests a name from the product in the address', () => {
    expect(suggestedName('/app/running-shoe-clone')).toBe('Running shoe style');
    expect(suggestedName('/app/style-clone')).toBe('');
  });
});
