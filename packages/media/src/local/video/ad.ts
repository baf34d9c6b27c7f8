/**
 * The finished ad on the local engine: a job's section clips cut tight around their words, joined,
 * re-framed around the speaker for each format, captioned word by word on the ad's own timeline,
 * closed by the brand's end card, with music under it all. Each format is made from the section
 * clips, never from another format.
 */
import type { FinishAdInput, FinishedAdFormat, WordTiming } from '../../capabilities.ts';
import { mixMusic, replaceVideoAudio } from '../audio/mix.ts';
import { localBurnCaptions } from './captions.ts';
import { localConcat, localPosterFrame, localWithSilence } from './clips.ts';
import { cutClip, remapWords, spansDuration, tightSpans } from './cuts.ts';
import { renderEndCard } from './end-card.ts';
import { cropPath, faceTrack, reframeClip, type FaceSample, type FindFaces } from './reframe-clip.ts';
import { END_CARD_S } from './render-end-card.ts';

export interface AdTools {
  findFaces: FindFaces;
}

interface CutSection {
  video: Buffer;
  durationS: number;
  words: WordTiming[];
  captioned: boolean;
  formats?: Partial<Record<string, Buffer>>;
}

const sameShape = (a: { width: number; height: number }, b: { width: number; height: number }) =>
  Math.abs(a.width / a.height - b.width / b.height) < 0.01;

export async function localFinishAd(input: FinishAdInput, tools: AdTools): Promise<FinishedAdFormat[]> {
  const source = { width: input.width, height: input.height };
  // Cut once; every format is made from the same cut sections.
  const sections: CutSection[] = [];
  for (const section of input.sections) {
    const spans = input.tightCuts ? tightSpans(section.words, section.durationS) : [{ start: 0, end: section.durationS }];
    const whole = spans.length === 1 && spans[0]!.start <= 0.001 && spans[0]!.end >= section.durationS - 0.001;
    const cut = (clip: Buffer) => (whole ? clip : cutClip(clip, spans));
    const formats: CutSection['formats'] = {};
    for (const [ratio, clip] of Object.entries(section.formats ?? {})) if (clip) formats[ratio] = await cut(clip);
    sections.push({
      video: await cut(section.video),
      durationS: whole ? section.durationS : spansDuration(spans),
      words: whole ? section.words : remapWords(section.words, spans),
      captioned: section.captioned,
      formats,
    });
  }
  // The captioned words on the ad's own timeline.
  const words: WordTiming[] = [];
  let offset = 0;
  for (const s of sections) {
    if (s.captioned) for (const w of s.words) words.push({ text: w.text, start: w.start + offset, end: w.end + offset });
    offset += s.durationS;
  }
  const durationS = offset;
  // Where the speaker is, once per section, for the formats of another shape.
  const tracks = new Map<CutSection, FaceSample[]>();
  const trackOf = async (s: CutSection) => {
    let track = tracks.get(s);
    if (!track) tracks.set(s, (track = await faceTrack(s.video, { ...source, durationS: s.durationS }, tools.findFaces)));
    return track;
  };

  const formats: FinishedAdFormat[] = [];
  for (const format of input.formats) {
    const size = { width: format.width, height: format.height };
    const clips: Buffer[] = [];
    for (const s of sections) {
      const own = s.formats?.[format.aspectRatio];
      if (own) clips.push(own);
      else if (sameShape(source, size) && source.width === size.width) clips.push(s.video);
      else clips.push(await reframeClip(s.video, cropPath(await trackOf(s), source, size), size));
    }
    const joined = clips.length === 1 ? clips[0]! : await localConcat(clips);
    let video =
      input.captionStyle === 'none' || words.length === 0
        ? joined
        : await localBurnCaptions({
            video: joined,
            script: '',
            ...size,
            durationS,
            words,
            style: input.captionStyle,
            highlight: input.highlight,
          });
    let length = durationS;
    if (input.endCard) {
      const card = await renderEndCard({ ...input.endCard, ...size, durationS: END_CARD_S });
      video = await localConcat([video, await localWithSilence(card.video)]);
      length += END_CARD_S;
    }
    if (input.music) {
      const mix = await mixMusic({ speech: video, durationS: length, ...input.music, music: input.music.audio });
      video = await replaceVideoAudio(video, mix);
    }
    formats.push({ aspectRatio: format.aspectRatio, ...size, video, poster: await localPosterFrame(video), durationS: length, words });
  }
  return formats;
}
