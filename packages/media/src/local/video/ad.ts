/**
 * The finished ad on the local engine: a job's section clips cut tight around their words, joined,
 * re-framed around the speaker for each format, captioned word by word on the ad's own timeline,
 * closed by the brand's end card, with music under it all. Each format is made from the section
 * clips, never from another format.
 */
import type { FinishAdInput, FinishedAdFormat, ProductCutOut, WordTiming } from '../../capabilities.ts';
import { mixMusic, replaceVideoAudio } from '../audio/mix.ts';
import { localBurnCaptions } from './captions.ts';
import { localConcat, localPosterFrame, localWithSilence } from './clips.ts';
import { cutClip, mapTime, remapWords, spansDuration, tightSpans } from './cuts.ts';
import { renderEndCard } from './end-card.ts';
import { overlayProductCard, productCutOut, productOverlayCard, type ProductShotTools } from './product-shot.ts';
import { cropPath, faceTrack, reframeClip, type FaceSample, type FindFaces } from './reframe-clip.ts';
import { END_CARD_S } from './render-end-card.ts';

export interface AdTools {
  findFaces: FindFaces;
  /** Segments a product card's photo. */
  segment: ProductShotTools['segment'];
}

interface CutSection {
  video: Buffer;
  durationS: number;
  words: WordTiming[];
  captioned: boolean;
  formats?: Partial<Record<string, Buffer>>;
  /** Its product card on the cut timeline. */
  card?: { cutout: ProductCutOut; start: number; end: number };
}

const sameShape = (a: { width: number; height: number }, b: { width: number; height: number }) =>
  Math.abs(a.width / a.height - b.width / b.height) < 0.01;

export async function localFinishAd(input: FinishAdInput, tools: AdTools): Promise<FinishedAdFormat[]> {
  const source = { width: input.width, height: input.height };
  const total = 1 + input.formats.length;
  // Cut once; every format is made from the same cut sections.
  await input.onProgress?.({ format: null, done: 0, total });
  const sections: CutSection[] = [];
  for (const section of input.sections) {
    const spans =
      input.tightCuts && !section.keepLength ? tightSpans(section.words, section.durationS) : [{ start: 0, end: section.durationS }];
    const whole = spans.length === 1 && spans[0]!.start <= 0.001 && spans[0]!.end >= section.durationS - 0.001;
    const cut = (clip: Buffer) => (whole ? clip : cutClip(clip, spans));
    const formats: CutSection['formats'] = {};
    for (const [ratio, clip] of Object.entries(section.formats ?? {})) if (clip) formats[ratio] = await cut(clip);
    const durationS = whole ? section.durationS : spansDuration(spans);
    const card = section.productCard;
    const cardStart = card ? (whole ? card.start : mapTime(spans, card.start)) : 0;
    sections.push({
      video: await cut(section.video),
      durationS,
      words: whole ? section.words : remapWords(section.words, spans),
      captioned: section.captioned,
      formats,
      ...(card &&
        cardStart < durationS - 0.5 && {
          card: {
            cutout: await productCutOut(card.productImage, tools.segment),
            start: cardStart,
            end: Math.min(durationS, cardStart + card.durationS),
          },
        }),
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
  for (const [i, format] of input.formats.entries()) {
    await input.onProgress?.({ format: format.aspectRatio, done: 1 + i, total });
    const size = { width: format.width, height: format.height };
    const clips: Buffer[] = [];
    for (const s of sections) {
      const own = s.formats?.[format.aspectRatio];
      const clip = own
        ? own
        : sameShape(source, size) && source.width === size.width
          ? s.video
          : await reframeClip(s.video, cropPath(await trackOf(s), source, size), size);
      // The product card is laid out for this format, over the speaker as this format frames them.
      clips.push(s.card ? await overlayProductCard(clip, await productOverlayCard({ ...s.card, ...size })) : clip);
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
