/**
 * The finished ad (part of the engine bench): a 9:16 ad of about 30 s, two talking sections and a product shot,
 * with word-timed captions, a library-style music bed and the end card, rendered from the script
 * (speech, talking heads, the shot, then the finishing), timed against the ad's length; then what
 * each further format adds; and how far forced alignment puts each word from where the voice said it.
 * BENCH_SMOKE=1: short lines at a quarter of the size, to prove it runs.
 */
import sharp from 'sharp';
import { VIDEO_RENDER_SIZES } from '@studio/contracts';
import type { AdSectionClip, ImageData, MediaEngine } from '../src/capabilities.ts';
import { runFfmpeg } from '../src/local/ffmpeg.ts';
import { measureTree } from './captions.bench.ts';

const SMOKE = process.env.BENCH_SMOKE === '1';
const LINES = SMOKE
  ? ['Hi!', 'Try it.']
  : [
      'Okay, I need to talk about this serum. I have tried so many of them over the years, and honestly nothing ever stuck with me until this little bottle showed up.',
      'Two drops every morning, and after one week my skin looked brighter and calmer. My friends noticed it before I did! It is on sale this week, so tap the link and grab yours.',
    ];
const SETTINGS = { stability: 0.5, similarityBoost: 0.75, style: 0, speed: 1, useSpeakerBoost: false };
const PRODUCT_SHOT_S = SMOKE ? 3 : 6;
/** The ad's further formats: what re-framing and laying out again cost, against the ad's length (target ≤ 0.3). */
const FURTHER = [
  { aspectRatio: '1:1', ...VIDEO_RENDER_SIZES['1:1']! },
  { aspectRatio: '16:9', ...VIDEO_RENDER_SIZES['16:9']! },
];
const size = (s: { width: number; height: number }) =>
  SMOKE ? { width: Math.round(s.width / 8) * 2, height: Math.round(s.height / 8) * 2 } : { width: s.width, height: s.height };

const ms = (t: number) => `${Math.round(t)} ms`;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;

export async function benchAd(engine: MediaEngine, person: ImageData, product: ImageData) {
  const main = size(VIDEO_RENDER_SIZES['9:16']!);
  const music = await runFfmpeg(
    ['-f', 'lavfi', '-i', 'sine=f=220:r=44100:d=20', '-af', 'volume=-14dB', '-c:a', 'aac', '-f', 'adts', 'pipe:1'],
    Buffer.alloc(0),
  );
  const timings: Record<string, number> = {};
  const time = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const result = await work();
    timings[name] = (timings[name] ?? 0) + performance.now() - t;
    return result;
  };
  let adS = 0;
  let formats = 0;
  const whole = await measureTree(async () => {
    const sections: AdSectionClip[] = [];
    for (const line of LINES) {
      const speech = await time('speech', () =>
        engine.speech.textToSpeech({ text: line, voice: { id: 'studioUgcTwo' }, settings: SETTINGS }),
      );
      const head = await time('talking heads', () =>
        engine.video.talkingHead({
          image: person,
          audio: speech.audio,
          ...main,
          mouthCues: speech.mouthCues,
          script: line,
          durationS: speech.durationS + 3,
        }),
      );
      sections.push({ video: head.video, durationS: head.durationS, words: speech.words ?? [], captioned: true });
    }
    const shot = await time('product shot', () =>
      engine.video.productShot({ productImage: product.data, scene: 'marble', motion: 'push-in', durationS: PRODUCT_SHOT_S, ...main }),
    );
    // The shot is silent: it gets a sound track to join the talking sections (music plays over it).
    sections.splice(1, 0, { video: await engine.video.withSilence(shot.video), durationS: PRODUCT_SHOT_S, words: [], captioned: false });
    // Each further format's product shot, drawn at its own size in the same set (as the job's productShot step does).
    const shots: Record<string, Buffer> = {};
    for (const format of FURTHER) {
      await time(`format ${format.aspectRatio}`, async () => {
        const drawn = await engine.video.productShot({
          productImage: product.data,
          scene: 'marble',
          motion: 'push-in',
          durationS: PRODUCT_SHOT_S,
          ...size(format),
        });
        shots[format.aspectRatio] = await engine.video.withSilence(drawn.video);
      });
    }
    sections[1] = { ...sections[1]!, formats: shots };
    // One finishing of every format, as the job asks for it: each stage's start tells what each format adds
    // (the first further format also finds the speaker, once per section, for the others).
    const started: Record<string, number> = {};
    const finishing = performance.now();
    const made = await engine.video.finishAd({
      sections,
      ...main,
      formats: [{ aspectRatio: '9:16', ...main }, ...FURTHER.map((f) => ({ ...f, ...size(f) }))],
      captionStyle: 'bold-pop',
      tightCuts: true,
      endCard: { ctaText: 'Shop now', ctaUrl: 'https://example.com', colors: { primary: '#1d3557', secondary: '#e63946' } },
      music: { audio: music, volume: 0.5, seamlessLoop: false },
      onProgress: ({ format }) => void (started[format ?? 'cuts'] = performance.now()),
    });
    const ended = performance.now();
    const stages = [...Object.entries(started), ['end', ended] as const];
    const stageMs = (name: string) => {
      const i = stages.findIndex(([k]) => k === name);
      return stages[i + 1]![1] - stages[i]![1];
    };
    timings.finishing = stageMs('cuts') + stageMs('9:16') + (started.cuts! - finishing);
    for (const format of FURTHER) timings[`format ${format.aspectRatio}`]! += stageMs(format.aspectRatio);
    adS = made[0]!.durationS;
    formats = made.length - 1;
  });
  const renderMs = whole.ms - FURTHER.reduce((n, f) => n + timings[`format ${f.aspectRatio}`]!, 0);
  console.log(
    `finished ad 9:16 ${main.width}×${main.height}: ${adS.toFixed(1)} s long (2 talking sections, a product shot, end card, captions, music), rendered in ${ms(renderMs)}: real-time factor ${(renderMs / 1000 / adS).toFixed(2)} (target ≤ 1.0)`,
  );
  console.log(
    `  of which ${Object.entries(timings)
      .filter(([k]) => !k.startsWith('format'))
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(', ')}`,
  );
  for (const f of FURTHER) {
    const added = timings[`format ${f.aspectRatio}`]! / 1000;
    console.log(
      `  each further format: ${f.aspectRatio} adds ${ms(added * 1000)}, ${(added / adS).toFixed(2)} × the ad's length (target ≤ 0.3)`,
    );
  }
  console.log(
    `  peak RSS of the process tree ${whole.totalMb} MB (node ${whole.nodeMb} MB + largest child ${whole.childMb} MB; target ≤ 1536 MB), ${formats} further formats`,
  );

  // Forced alignment: a line the local engine spoke in one voice, aligned as if uploaded, against the times that voice reported.
  const line = LINES.join(' ');
  const spoken = await engine.speech.textToSpeech({ text: line, voice: { id: 'studioUgcOne' }, settings: SETTINGS });
  const t = performance.now();
  const aligned = await engine.alignWords({ audio: spoken.audio, text: line });
  const errors = aligned.map((w, i) => Math.abs(w.start - (spoken.words?.[i]?.start ?? w.start)) * 1000);
  console.log(
    `forced alignment: ${aligned.length} words in ${spoken.durationS.toFixed(1)} s aligned in ${ms(performance.now() - t)}; word-start error median ${Math.round(percentile(errors, 0.5))} ms (target ≤ 80), 90th percentile ${Math.round(percentile(errors, 0.9))} ms (target ≤ 200)`,
  );
}

/** A product photo for the shot: a bottle on a plain ground, as a seller photographs one. */
export async function benchProduct(): Promise<ImageData> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="768"><rect width="768" height="768" fill="#f1f1ee"/><rect x="344" y="150" width="80" height="90" rx="10" fill="#2b2b2b"/><rect x="294" y="230" width="180" height="400" rx="36" fill="#c8892d"/></svg>`;
  return { data: await sharp(Buffer.from(svg)).jpeg().toBuffer(), mime: 'image/jpeg', width: 768, height: 768 };
}
