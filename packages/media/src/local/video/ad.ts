/**
 * The finished ad on the local engine: a job's section clips cut tight around their words, joined,
 * re-framed around the speaker for each format, captioned word by word on the ad's own timeline,
 * closed by the brand's end card, with music under it all. Each format is made from the section
 * clips, never from another format.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CAPTION_HIGHLIGHT } from '@studio/contracts';
import type { FinishAdInput, FinishedAdFormat, ProductCutOut, WordTiming } from '../../capabilities.ts';
import { mixMusic, replaceVideoAudio } from '../audio/mix.ts';
import { captionsFilter } from './captions.ts';
import { AUDIO_ENCODE, ENCODE, encodeToMp4, localConcat, localPosterFrame, localWithSilence } from './clips.ts';
import { cutClip, mapTime, remapWords, spansDuration, tightSpans } from './cuts.ts';
import { renderEndCard } from './end-card.ts';
import { productCutOut, productOverlayCard, type ProductCard, type ProductShotTools } from './product-shot.ts';
import { cropPath, faceTrack, reframeFilter, type FaceSample, type FindFaces } from './reframe-clip.ts';
import { END_CARD_S } from './render-end-card.ts';
import { captionsAss, drawsCaptions } from './word-captions.ts';

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
    const parts: FormatPart[] = [];
    for (const s of sections) {
      const own = s.formats?.[format.aspectRatio];
      const kept = own ?? (sameShape(source, size) && source.width === size.width ? s.video : null);
      parts.push({
        video: kept ?? s.video,
        // Re-framed around the speaker as this format frames them; the card laid out over that framing.
        reframe: kept ? null : reframeFilter(cropPath(await trackOf(s), source, size), size),
        card: s.card ? await productOverlayCard({ ...s.card, ...size }) : null,
      });
    }
    const ass =
      input.captionStyle === 'none' || words.length === 0
        ? null
        : captionsAss({ words, style: input.captionStyle, highlight: input.highlight ?? DEFAULT_CAPTION_HIGHLIGHT, ...size });
    const endCard = input.endCard
      ? await localWithSilence((await renderEndCard({ ...input.endCard, ...size, durationS: END_CARD_S })).video)
      : null;
    let video = await renderFormat(parts, ass && drawsCaptions(ass) ? ass : null, endCard);
    const length = durationS + (endCard ? END_CARD_S : 0);
    if (input.music) {
      const mix = await mixMusic({ speech: video, durationS: length, ...input.music, music: input.music.audio });
      video = await replaceVideoAudio(video, mix);
    }
    formats.push({ aspectRatio: format.aspectRatio, ...size, video, poster: await localPosterFrame(video), durationS: length, words });
  }
  return formats;
}

/** A cut section as one format shows it: re-framed (or as it is), with its product card. */
interface FormatPart {
  video: Buffer;
  reframe: string | null;
  card: ProductCard | null;
}

/**
 * One format of the ad in one ffmpeg pass: each section re-framed and carded, the sections joined,
 * the captions burned on the joined timeline, the end card after them, encoded once. Sections that
 * need no drawing at all are joined by stream copy.
 */
async function renderFormat(parts: FormatPart[], ass: string | null, endCard: Buffer | null): Promise<Buffer> {
  const clips = endCard ? [...parts.map((p) => p.video), endCard] : parts.map((p) => p.video);
  if (!ass && parts.every((p) => !p.reframe && !p.card)) return clips.length === 1 ? clips[0]! : localConcat(clips);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-ad-format-'));
  try {
    const inputs: string[] = [];
    const graph: string[] = [];
    let count = 0;
    /** Writes an input (a still is looped) and answers its index in the graph. */
    const add = async (name: string, bytes: Buffer, loop = false) => {
      const file = path.join(dir, name);
      await fs.writeFile(file, bytes);
      inputs.push(...(loop ? ['-loop', '1'] : []), '-i', file);
      return count++;
    };
    const joined: string[] = [];
    for (const [i, part] of parts.entries()) {
      const clip = await add(`${i}.mp4`, part.video);
      let picture = `p${i}`;
      graph.push(`[${clip}:v]${part.reframe ?? 'setsar=1'}[${picture}]`);
      if (part.card) {
        const card = await add(`${i}-card.png`, part.card.png, true);
        graph.push(part.card.filter(picture, `${card}:v`, `c${i}`));
        picture = `c${i}`;
      }
      joined.push(`[${picture}][${clip}:a]`);
    }
    graph.push(`${joined.join('')}concat=n=${parts.length}:v=1:a=1[talk][talka]`);
    let [picture, sound] = ['talk', 'talka'];
    if (ass) {
      const subtitles = path.join(dir, 'captions.ass');
      await fs.writeFile(subtitles, ass);
      graph.push(`[talk]${captionsFilter(subtitles)}[captioned]`);
      picture = 'captioned';
    }
    if (endCard) {
      const card = await add('end.mp4', endCard);
      graph.push(`[${card}:v]setsar=1[endv]`);
      graph.push(`[${picture}][${sound}][endv][${card}:a]concat=n=2:v=1:a=1[adv][ada]`);
      [picture, sound] = ['adv', 'ada'];
    }
    return await encodeToMp4(
      (out) => [
        ...inputs,
        ...['-filter_complex', graph.join(';'), '-map', `[${picture}]`, '-map', `[${sound}]`],
        ...ENCODE,
        ...AUDIO_ENCODE,
        ...['-movflags', '+faststart', '-y', out],
      ],
      Buffer.alloc(0),
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
