/**
 * The local engine's learned character: a face descriptor (the mean of the photos' 128-number
 * face-api descriptors) and a reference cut-out of the person, which the engine places in the
 * scenes it generates when the character is selected.
 */
import sharp from 'sharp';
import type { ImageData, LearnedCharacter } from '../../capabilities.ts';
import { MediaError } from '../../errors.ts';
import { DESCRIPTOR_MATCH, NO_FACE, NOT_ONE_PERSON, SEVERAL_PEOPLE } from './constants.ts';
import { descriptorDistance, type Face, type FaceFinder } from './faces.ts';
import { cutOut, type Segmentation } from './segmenter.ts';
import { composeScene } from './studio.ts';

/** Learns a character from a few photos of one person. Every photo must show that person's face, and no one else's. */
export async function learnCharacter(
  images: ImageData[],
  faces: FaceFinder,
  segment: (image: ImageData) => Promise<Segmentation>,
): Promise<LearnedCharacter> {
  if (images.length === 0) throw new MediaError('bad_input', NO_FACE);
  const found: { image: ImageData; face: Face; descriptor: number[] }[] = [];
  for (const image of images) {
    const detected = await faces.detect(image, { describe: true });
    if (detected.length > 1) throw new MediaError('bad_input', SEVERAL_PEOPLE);
    const face = detected[0];
    if (!face?.descriptor) throw new MediaError('bad_input', NO_FACE);
    found.push({ image, face, descriptor: face.descriptor });
  }
  const descriptor = found[0]!.descriptor.map((_, i) => found.reduce((t, f) => t + f.descriptor[i]!, 0) / found.length);
  if (found.some((f) => descriptorDistance(f.descriptor, descriptor) > DESCRIPTOR_MATCH)) throw new MediaError('bad_input', NOT_ONE_PERSON);
  const best = found.reduce((a, b) => (b.face.box.width * b.face.box.height > a.face.box.width * a.face.box.height ? b : a));
  const cut = await cutOut(best.image, await segment(best.image));
  const meta = await sharp(cut.png).metadata();
  return { descriptor, reference: { data: cut.png, mime: 'image/png', width: meta.width, height: meta.height } };
}

/** How far the nearest face in `image` is from a character's descriptor (null: no face). */
export async function characterDistance(descriptor: readonly number[], image: ImageData, faces: FaceFinder): Promise<number | null> {
  const found = await faces.detect(image, { describe: true });
  const distances = found.flatMap((f) => (f.descriptor ? [descriptorDistance(f.descriptor, descriptor)] : []));
  return distances.length ? Math.min(...distances) : null;
}

/** What a character looks like in the studio's scenes: the reference cut-out in front of a bright studio (its sample image). */
export async function renderCharacterSample(reference: ImageData, width = 480, height = 600): Promise<ImageData> {
  const data = await composeScene({
    prompt: 'a person in a bright minimal studio, soft daylight',
    width,
    height,
    seed: 5,
    cutout: { png: reference.data, width: reference.width, height: reference.height },
    subject: 'person',
  });
  return { data, mime: 'image/png', width, height };
}
