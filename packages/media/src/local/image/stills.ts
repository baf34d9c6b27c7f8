/**
 * The still-image helpers the bff calls outside the engine (reframing, colour grades, sample
 * images), each importing its module — and sharp with it — on its first call, so that importing
 * `@studio/media` loads no image library.
 */
import type * as Character from './character.ts';
import type * as Grade from './grade.ts';
import type * as Reframe from './reframe.ts';
import type * as StyleSample from './style-sample.ts';

const grade = () => import('./grade.ts');

export const reframeImage: typeof Reframe.reframeImage = async (...args) => (await import('./reframe.ts')).reframeImage(...args);
export const learnGrade: typeof Grade.learnGrade = async (...args) => (await grade()).learnGrade(...args);
export const applyGrade: typeof Grade.applyGrade = async (...args) => (await grade()).applyGrade(...args);
export const gradeDistance: typeof Grade.gradeDistance = async (...args) => (await grade()).gradeDistance(...args);
export const renderStyleSample: typeof StyleSample.renderStyleSample = async (...args) =>
  (await import('./style-sample.ts')).renderStyleSample(...args);
export const renderCharacterSample: typeof Character.renderCharacterSample = async (...args) =>
  (await import('./character.ts')).renderCharacterSample(...args);
