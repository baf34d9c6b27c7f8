import { GenerateImageFields, Messages } from '@studio/contracts';
import { describe, expect, it } from 'vitest';
import { planGeneration } from './plan.ts';

const fields = (input: Record<string, unknown>) => GenerateImageFields.parse(input);
const none = { image: false, image2: false };
const one = { image: true, image2: false };
const two = { image: true, image2: true };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('planning a generation', () => {
  it('generates with flux_krea at 9:16 (1080×1920), one image, by default', () => {
    expect(planGeneration(fields({ prompt: ' a red bottle ' }), none)).toMatchObject({
      modelId: 'flux_krea',
      mode: 'generate',
      prompt: 'a red bottle',
      count: 1,
      width: 1080,
      height: 1920,
    });
  });

  it('uses the resolution map and the count asked for', () => {
    expect(planGeneration(fields({ prompt: 'x', aspectRatio: '16:9', imageCount: '4' }), none)).toMatchObject({
      width: 1920,
      height: 1080,
      count: 4,
    });
    expect(planGeneration(fields({ prompt: 'x', aspectRatio: '3:4' }), none)).toMatchObject({ width: 768, height: 1024 });
  });

  it('switches to Edit when an input image comes with a generate model', () => {
    expect(planGeneration(fields({ prompt: 'warmer light', selectedLoRAModels: '["flux_krea"]' }), one)).toMatchObject({
      modelId: 'google_edit',
      mode: 'edit',
    });
    expect(planGeneration(fields({ prompt: 'warmer light' }), one)).toMatchObject({ modelId: 'google_edit' });
  });

  it('keeps an edit-capable model chosen for an input image', () => {
    expect(planGeneration(fields({ prompt: 'on a beach', selectedLoRAModels: '["ideogram_v3_replace_background"]' }), one)).toMatchObject({
      mode: 'replace_background',
    });
  });

  it('asks Product Placement for two images and takes the shape of image 2', () => {
    expect(refusal(() => planGeneration(fields({ prompt: 'x', selectedLoRAModels: '["kontext_multi"]' }), one))).toBe(
      Messages.productPlacementNeedsTwoImages,
    );
    expect(planGeneration(fields({ prompt: 'x', selectedLoRAModels: '["kontext_multi"]', imageCount: '3' }), two)).toMatchObject({
      mode: 'kontext_multi',
      count: 1,
      inheritsShapeFrom: 'image2',
    });
  });

  it('needs no prompt for virtual try-on, and both images', () => {
    expect(planGeneration(fields({ mode: 'virtual_tryon', prompt: 'ignored' }), two)).toMatchObject({
      mode: 'virtual_tryon',
      prompt: '',
      inheritsShapeFrom: 'image2',
    });
    expect(refusal(() => planGeneration(fields({ mode: 'virtual_tryon' }), one))).toBe(Messages.tryOnNeedsImages);
  });

  it('refuses a missing prompt, an edit without an image, and an unknown model', () => {
    expect(refusal(() => planGeneration(fields({ prompt: '   ' }), none))).toBe(Messages.promptRequired);
    expect(refusal(() => planGeneration(fields({ prompt: 'x', mode: 'edit' }), none))).toBe(Messages.editNeedsImage);
    expect(refusal(() => planGeneration(fields({ prompt: 'x', mode: 'replace_background' }), none))).toBe(
      Messages.replaceBackgroundNeedsImage,
    );
    expect(refusal(() => planGeneration(fields({ prompt: 'x', selectedLoRAModels: '["someone_elses_lora"]' }), none))).toBe(
      Messages.unknownModel,
    );
  });

  it('keeps the caller’s own trained models beside the pre-built one', () => {
    const plan = planGeneration(fields({ prompt: 'x', selectedLoRAModels: '["flux_krea","my_style"]' }), none, new Set(['my_style']));
    expect(plan).toMatchObject({ modelId: 'flux_krea', extraModels: ['my_style'] });
  });

  it('takes a trained model named by loraModelId (spec 2 §7) like one in the list, and refuses an unknown one', () => {
    const known = new Set(['my_style']);
    expect(planGeneration(fields({ prompt: 'x', loraModelId: 'my_style' }), none, known).extraModels).toEqual(['my_style']);
    const both = fields({ prompt: 'x', selectedLoRAModels: '["my_style"]', loraModelId: 'my_style' });
    expect(planGeneration(both, none, known).extraModels).toEqual(['my_style']);
    expect(refusal(() => planGeneration(fields({ prompt: 'x', loraModelId: 'not_mine' }), none, known))).toBe(Messages.unknownModel);
  });
});
