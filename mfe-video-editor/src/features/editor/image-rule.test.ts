import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, imageFileProblem, Messages } from '@studio/contracts';

// The rule every image slot applies before sending (contracts' imageFileProblem), as the editor's image drop uses it.
describe('imageFileProblem (spec 2 §5)', () => {
  it('takes JPEG, PNG and WebP under 10 MB; names the type or the size otherwise', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(imageFileProblem({ type, size: 1 })).toBeNull();
    expect(imageFileProblem({ type: 'image/gif', size: 1 })).toBe(Messages.imageTypeInvalid);
    expect(imageFileProblem({ type: '', size: 1 })).toBe(Messages.imageTypeInvalid);
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES - 1 })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES })).toBe(Messages.imageTooLarge);
  });
});
