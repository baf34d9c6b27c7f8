import { describe, expect, it } from 'vitest';
import { CLONE_SAMPLE_MAX_BYTES, Messages } from '@studio/contracts';
import { sampleProblem } from './sample.ts';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('the Create Voice Profile dialog’s sample check', () => {
  it('refuses a file that is not audio with the dialog’s own message', () => {
    expect(sampleProblem(file('notes.txt', 'text/plain', 10))).toEqual({ error: Messages.profileSampleTypeInvalid });
  });

  it('refuses a sample of 10 MB or more with the dialog’s own message', () => {
    expect(sampleProblem(file('long.wav', 'audio/wav', CLONE_SAMPLE_MAX_BYTES))).toEqual({ error: Messages.profileSampleTooLarge });
  });

  it('takes a sample under 10 MB, warning only when it is very small', () => {
    expect(sampleProblem(file('me.m4a', '', 200 * 1024))).toEqual({ warning: null });
    expect(sampleProblem(file('me.wav', 'audio/wav', 1024))).toEqual({ warning: Messages.cloneSampleSmall });
  });
});
