/**
 * The music library's beds, composed in code and played by a Web Audio renderer
 * (`node-web-audio-api`'s OfflineAudioContext: oscillators, filters, envelopes, a convolution
 * reverb, a compressor). Each mood is a score: a chord progression, a bass line, a beat where the
 * mood has one, and a melody or arpeggio. Deterministic: the same score renders the same samples.
 */
import { loadOfflineAudioContext, type AudioNode, type OfflineAudioContext } from './web-audio.ts';
import { seededRandom } from '../seeded-random.ts';
import { MUSIC_SAMPLE_RATE as COMPOSE_SAMPLE_RATE, type MusicMood, type MusicTrack } from './music-tracks.ts';

/** How long the reverb may ring past the loop's end; folded back onto its start. */
const TAIL_S = 3;
/** How long a note may ring past its bar (the longest release, the keys', is 1.5 s). */
const NOTE_TAIL_S = 1.6;

type Ctx = OfflineAudioContext;
type Node = AudioNode;
/** A sound that starts at `t` (seconds inside its bar's render), into a part's bus. */
type Play = (ctx: Ctx, out: Node, t: number) => void;
interface NoteEvent {
  /** Seconds from the loop's start. */
  at: number;
  part: PartName;
  play: Play;
}

type PartName = 'drums' | 'bass' | 'chords' | 'lead' | 'texture';
/** Each part's level, stereo position and share of reverb. */
interface PartMix {
  gain: number;
  pan: number;
  reverb: number;
}

const midiHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

const noiseBuffers = new WeakMap<Ctx, ReturnType<Ctx['createBuffer']>>();
function noise(ctx: Ctx) {
  let buffer = noiseBuffers.get(ctx);
  if (!buffer) {
    const random = seededRandom(7);
    buffer = ctx.createBuffer(1, COMPOSE_SAMPLE_RATE, COMPOSE_SAMPLE_RATE);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = random() * 2 - 1;
    noiseBuffers.set(ctx, buffer);
  }
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.loop = true;
  return source;
}

/** A gain shaped as attack → hold → exponential release, ending silent. */
function envelope(ctx: Ctx, t: number, peak: number, attack: number, hold: number, release: number) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, t);
  gain.gain.linearRampToValueAtTime(peak, t + attack);
  gain.gain.setValueAtTime(peak, t + attack + hold);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + attack + hold + release);
  return { gain, end: t + attack + hold + release };
}

// Instruments -------------------------------------------------------------------------------

const kick =
  (level = 1, low = 45): Play =>
  (ctx, out, t) => {
    const osc = ctx.createOscillator();
    osc.frequency.setValueAtTime(140, t);
    osc.frequency.exponentialRampToValueAtTime(low, t + 0.12);
    const { gain, end } = envelope(ctx, t, level, 0.002, 0.02, 0.32);
    osc.connect(gain).connect(out);
    osc.start(t);
    osc.stop(end);
  };

const snare =
  (level = 0.5): Play =>
  (ctx, out, t) => {
    const src = noise(ctx);
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 1900;
    band.Q.value = 0.7;
    const { gain, end } = envelope(ctx, t, level, 0.001, 0.01, 0.17);
    src.connect(band).connect(gain).connect(out);
    src.start(t);
    src.stop(end);
    const body = ctx.createOscillator();
    body.type = 'triangle';
    body.frequency.setValueAtTime(210, t);
    body.frequency.exponentialRampToValueAtTime(160, t + 0.08);
    const tone = envelope(ctx, t, level * 0.6, 0.001, 0.005, 0.09);
    body.connect(tone.gain).connect(out);
    body.start(t);
    body.stop(tone.end);
  };

const clap =
  (level = 0.45): Play =>
  (ctx, out, t) => {
    const src = noise(ctx);
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 1300;
    band.Q.value = 1.2;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0, t);
    // Three quick bursts then a tail: how hands clapping together sound.
    for (const [i, offset] of [0, 0.011, 0.023].entries()) {
      gain.gain.setValueAtTime(level * (1 - i * 0.15), t + offset);
      gain.gain.exponentialRampToValueAtTime(0.05 * level, t + offset + 0.01);
    }
    gain.gain.setValueAtTime(level * 0.7, t + 0.034);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.22);
    src.connect(band).connect(gain).connect(out);
    src.start(t);
    src.stop(t + 0.23);
  };

const hat =
  (level = 0.16, open = false): Play =>
  (ctx, out, t) => {
    const src = noise(ctx);
    const high = ctx.createBiquadFilter();
    high.type = 'highpass';
    high.frequency.value = 7500;
    const { gain, end } = envelope(ctx, t, level, 0.001, 0.003, open ? 0.22 : 0.045);
    src.connect(high).connect(gain).connect(out);
    src.start(t);
    src.stop(end);
  };

/** A low drum hit with a rumble: the cinematic bed's downbeats. */
const boom =
  (level = 0.9): Play =>
  (ctx, out, t) => {
    kick(level, 32)(ctx, out, t);
    const src = noise(ctx);
    const low = ctx.createBiquadFilter();
    low.type = 'lowpass';
    low.frequency.value = 160;
    const { gain, end } = envelope(ctx, t, level * 0.5, 0.01, 0.05, 1.4);
    src.connect(low).connect(gain).connect(out);
    src.start(t);
    src.stop(end);
  };

const bass =
  (note: number, length: number, level = 0.42, bright = 500): Play =>
  (ctx, out, t) => {
    const saw = ctx.createOscillator();
    saw.type = 'sawtooth';
    saw.frequency.value = midiHz(note);
    const sub = ctx.createOscillator();
    sub.frequency.value = midiHz(note);
    const low = ctx.createBiquadFilter();
    low.type = 'lowpass';
    low.frequency.value = bright;
    low.Q.value = 2;
    const { gain, end } = envelope(ctx, t, level, 0.006, Math.max(0, length - 0.08), 0.07);
    saw.connect(low);
    sub.connect(low);
    low.connect(gain).connect(out);
    for (const osc of [saw, sub]) {
      osc.start(t);
      osc.stop(end);
    }
  };

/** Detuned saws through a soft filter with a slow swell: strings and pads. */
const pad =
  (notes: number[], length: number, level = 0.07, cutoff = 1400, attack = 0.6): Play =>
  (ctx, out, t) => {
    const low = ctx.createBiquadFilter();
    low.type = 'lowpass';
    low.frequency.value = cutoff;
    const { gain, end } = envelope(ctx, t, level, attack, Math.max(0, length - attack), 0.9);
    low.connect(gain).connect(out);
    for (const note of notes) {
      for (const detune of [-8, 7]) {
        const osc = ctx.createOscillator();
        osc.type = 'sawtooth';
        osc.frequency.value = midiHz(note);
        osc.detune.value = detune;
        osc.connect(low);
        osc.start(t);
        osc.stop(end);
      }
    }
  };

/** Two-operator FM: an electric piano's bell-like attack that mellows as it rings. */
const keys =
  (notes: number[], length: number, level = 0.08, release = 1.2): Play =>
  (ctx, out, t) => {
    const { gain, end } = envelope(ctx, t, level, 0.004, Math.max(0, length - 0.1), release);
    gain.connect(out);
    for (const note of notes) {
      const carrier = ctx.createOscillator();
      carrier.frequency.value = midiHz(note);
      const modulator = ctx.createOscillator();
      modulator.frequency.value = midiHz(note) * 2;
      const depth = ctx.createGain();
      depth.gain.setValueAtTime(midiHz(note) * 1.2, t);
      depth.gain.exponentialRampToValueAtTime(midiHz(note) * 0.05, t + 0.6);
      modulator.connect(depth).connect(carrier.frequency);
      carrier.connect(gain);
      for (const osc of [carrier, modulator]) {
        osc.start(t);
        osc.stop(end);
      }
    }
  };

/** A plucked note: a bright attack whose filter closes as it decays. */
const pluck =
  (note: number, level = 0.12, decay = 0.35, type: 'triangle' | 'square' | 'sawtooth' = 'sawtooth'): Play =>
  (ctx, out, t) => {
    const osc = ctx.createOscillator();
    osc.type = type;
    osc.frequency.value = midiHz(note);
    const low = ctx.createBiquadFilter();
    low.type = 'lowpass';
    low.frequency.setValueAtTime(5000, t);
    low.frequency.exponentialRampToValueAtTime(700, t + decay);
    const { gain, end } = envelope(ctx, t, level, 0.003, 0.01, decay);
    osc.connect(low).connect(gain).connect(out);
    osc.start(t);
    osc.stop(end);
  };

/** Vinyl dust: sparse clicks over a faint hiss (the lo-fi bed). */
const crackle =
  (length: number, seed: number): Play =>
  (ctx, out, t) => {
    const random = seededRandom(seed);
    const buffer = ctx.createBuffer(1, Math.ceil(length * COMPOSE_SAMPLE_RATE), COMPOSE_SAMPLE_RATE);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) {
      data[i] = (random() * 2 - 1) * 0.015 + (random() < 0.0004 ? (random() * 2 - 1) * 0.6 : 0);
    }
    const src = ctx.createBufferSource();
    src.buffer = buffer;
    const band = ctx.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 3000;
    band.Q.value = 0.5;
    src.connect(band).connect(out);
    src.start(t);
  };

// Scores -------------------------------------------------------------------------------------

interface Score {
  /** One chord per bar, cycled (MIDI notes, root first). */
  progression: number[][];
  mix: Record<PartName, PartMix>;
  /** Writes the bar's notes: `beat(n)` is the time of beat n (quarter notes, fractions allowed) in it. */
  bar(chord: number[], index: number, beat: (n: number) => number, spb: number, random: () => number): NoteEvent[];
  /** Seconds of reverb. */
  room: number;
}

const C = 60;
/** A chord from a root and intervals. */
const chord = (root: number, ...intervals: number[]) => [root, ...intervals.map((i) => root + i)];
const MAJ = [4, 7];
const MIN = [3, 7];
const MAJ7 = [4, 7, 11];
const MIN7 = [3, 7, 10];
const DOM7 = [4, 7, 10];

const mixOf = (parts: Partial<Record<PartName, Partial<PartMix>>>): Record<PartName, PartMix> => {
  const base: PartMix = { gain: 1, pan: 0, reverb: 0.15 };
  return {
    drums: { ...base, reverb: 0.05, ...parts.drums },
    bass: { ...base, reverb: 0, ...parts.bass },
    chords: { ...base, pan: -0.2, reverb: 0.3, ...parts.chords },
    lead: { ...base, pan: 0.25, reverb: 0.25, ...parts.lead },
    texture: { ...base, reverb: 0, ...parts.texture },
  };
};

/** An event list builder for one bar. */
function writer(beat: (n: number) => number) {
  const events: NoteEvent[] = [];
  const at = (n: number, part: PartName, play: Play) => events.push({ at: beat(n), part, play });
  return { events, at };
}

const SCORES: Record<MusicMood, Score> = {
  // I–V–vi–IV in C, four on the floor, eighth-note bass, a sixteenth-note arpeggio.
  upbeat: {
    progression: [chord(C, ...MAJ), chord(C - 5, ...MAJ), chord(C - 3, ...MIN), chord(C - 7, ...MAJ)],
    mix: mixOf({ chords: { gain: 0.8 }, lead: { gain: 0.9 } }),
    room: 1.6,
    bar(notes, index, beat, spb) {
      const { events, at } = writer(beat);
      const fill = index % 8 === 7;
      for (let b = 0; b < 4; b++) at(b, 'drums', kick(0.95));
      at(1, 'drums', clap());
      at(3, 'drums', clap());
      if (fill) for (const n of [3.5, 3.75]) at(n, 'drums', snare(0.35));
      for (let e = 0; e < 8; e++) at(e / 2, 'drums', hat(e % 2 ? 0.16 : 0.09, e === 7));
      for (let e = 0; e < 8; e++) at(e / 2, 'bass', bass(notes[0]! - 24 + (e === 7 ? 12 : 0), spb * 0.45));
      at(0, 'chords', pad(notes, spb * 4, 0.05, 1800, 0.05));
      const arp = [notes[0]!, notes[1]!, notes[2]!, notes[0]! + 12];
      for (let s = 0; s < 16; s++) at(s / 4, 'lead', pluck(arp[s % 4]! + 12, 0.06, 0.18));
      return events;
    },
  },
  // Imaj7–vi7–IVmaj7–V in C, slow: a soft pad, an electric piano broken chord, no drums.
  calm: {
    progression: [chord(C, ...MAJ7), chord(C - 3, ...MIN7), chord(C - 7, ...MAJ7), chord(C - 5, ...MAJ)],
    mix: mixOf({ chords: { gain: 0.9, reverb: 0.45 }, lead: { reverb: 0.5 }, bass: { gain: 0.8 } }),
    room: 2.8,
    bar(notes, _index, beat, spb) {
      const { events, at } = writer(beat);
      at(0, 'chords', pad(notes, spb * 4, 0.045, 900, 1.2));
      at(0, 'bass', bass(notes[0]! - 24, spb * 3.8, 0.38, 300));
      const broken = [notes[0]!, notes[2]!, notes[1]! + 12, notes[3] ?? notes[0]! + 12];
      for (let e = 0; e < 8; e++) at(e / 2, 'lead', keys([broken[e % 4]! + 12], spb * 0.4, 0.06, 1.4));
      return events;
    },
  },
  // ii9–V7–Imaj7–VI7 in C, swung hats, a lazy boom-bap, electric piano chords, vinyl dust.
  'lo-fi': {
    progression: [chord(C + 2, ...MIN7, 14), chord(C - 5, ...DOM7), chord(C, ...MAJ7), chord(C - 3, ...DOM7)],
    mix: mixOf({ chords: { gain: 1, reverb: 0.3 }, drums: { gain: 0.9 }, texture: { gain: 1 } }),
    room: 1.8,
    bar(notes, index, beat, spb, random) {
      const { events, at } = writer(beat);
      const swing = (n: number) => (n % 1 === 0.5 ? n + 0.08 : n);
      at(0, 'drums', kick(0.85, 50));
      at(2.5, 'drums', kick(0.7, 50));
      if (index % 2) at(swing(1.5), 'drums', kick(0.55, 50));
      at(1, 'drums', snare(0.42));
      at(3, 'drums', snare(0.42));
      for (let e = 0; e < 8; e++) at(swing(e / 2), 'drums', hat((e % 2 ? 0.07 : 0.11) * (0.8 + random() * 0.4)));
      at(0, 'chords', keys(notes, spb * 1.5, 0.045, 1.5));
      at(swing(2.5), 'chords', keys(notes.slice(1), spb * 1.2, 0.035, 1.2));
      at(0, 'bass', bass(notes[0]! - 24, spb * 1.4, 0.4, 260));
      at(swing(2.5), 'bass', bass(notes[0]! - 24 + 7, spb * 1.2, 0.36, 260));
      at(0, 'texture', crackle(spb * 4, 3 + index));
      return events;
    },
  },
  // i–VI–III–VII in A minor, slow strings swelling, low booms, a high ostinato.
  cinematic: {
    progression: [chord(C - 3, ...MIN, 12), chord(C - 7, ...MAJ, 12), chord(C, ...MAJ, 12), chord(C - 5, ...MAJ, 12)],
    mix: mixOf({ chords: { gain: 1, reverb: 0.55 }, lead: { reverb: 0.6, gain: 0.7 }, drums: { reverb: 0.35 } }),
    room: 3.5,
    bar(notes, index, beat, spb) {
      const { events, at } = writer(beat);
      at(0, 'chords', pad(notes, spb * 4, 0.05, 2200, 1.5));
      at(0, 'bass', bass(notes[0]! - 24, spb * 4, 0.32, 220));
      at(0, 'drums', boom(0.85));
      if (index % 2) at(2.5, 'drums', boom(0.5));
      for (let e = 0; e < 8; e++) at(e / 2, 'lead', pluck(notes[e % 2 ? 1 : 2]! + 12, 0.05, 0.5, 'triangle'));
      return events;
    },
  },
  // I–IV–V–I in F, bouncy: staccato square-wave melody, hopping bass, shaker-like hats.
  playful: {
    progression: [chord(C + 5, ...MAJ), chord(C + 10 - 12, ...MAJ), chord(C, ...MAJ), chord(C + 5, ...MAJ)],
    mix: mixOf({ lead: { gain: 0.9, reverb: 0.15 }, chords: { gain: 0.7 } }),
    room: 1.2,
    bar(notes, index, beat, spb) {
      const { events, at } = writer(beat);
      at(0, 'drums', kick(0.8, 55));
      at(2, 'drums', kick(0.8, 55));
      at(1, 'drums', snare(0.32));
      at(3, 'drums', clap(0.35));
      for (let s = 0; s < 8; s++) at(s / 2 + 0.25, 'drums', hat(0.09));
      // Root, fifth, octave: the bass hops.
      for (const [n, interval] of [
        [0, 0],
        [1, 7],
        [2, 12],
        [3, 7],
      ] as const)
        at(n, 'bass', bass(notes[0]! - 24 + interval, spb * 0.4, 0.4, 700));
      for (const n of [0.5, 1.5, 2.5, 3.5]) at(n, 'chords', keys(notes, spb * 0.3, 0.035, 0.25));
      // A two-bar call and answer on the chord's notes: the tune repeats, so it reads as a tune.
      const call = [0, 2, 1, 2, 0, 1, 2, 3];
      const answer = [2, 1, 0, 1, 2, 0, 1, 0];
      const line = index % 2 ? answer : call;
      const tones = [...notes, notes[0]! + 12];
      line.forEach((tone, i) => at(i / 2, 'lead', pluck(tones[tone]! + 12, 0.07, 0.14, 'square')));
      return events;
    },
  },
  // vi–IV–I–V in C, steady: muted plucks on eighths, a soft kick and clap, a warm pad.
  corporate: {
    progression: [chord(C - 3, ...MIN), chord(C - 7, ...MAJ), chord(C, ...MAJ), chord(C - 5, ...MAJ)],
    mix: mixOf({ chords: { gain: 0.8, reverb: 0.35 }, lead: { gain: 0.85, reverb: 0.3 } }),
    room: 2,
    bar(notes, index, beat, spb) {
      const { events, at } = writer(beat);
      for (let b = 0; b < 4; b++) at(b, 'drums', kick(0.65, 50));
      at(1, 'drums', clap(0.3));
      at(3, 'drums', clap(0.3));
      for (let e = 0; e < 8; e++) at(e / 2 + 0.5, 'drums', hat(0.06));
      at(0, 'chords', pad(notes, spb * 4, 0.04, 1400, 0.4));
      for (let e = 0; e < 8; e++) at(e / 2, 'bass', bass(notes[0]! - 24, spb * 0.4, 0.36, 400));
      const order = index % 2 ? [2, 1, 0, 1] : [0, 1, 2, 1];
      for (let e = 0; e < 8; e++) at(e / 2, 'lead', pluck(notes[order[e % 4]!]! + 12, 0.055, 0.25, 'triangle'));
      return events;
    },
  },
};

// Rendering ----------------------------------------------------------------------------------

/** A stereo impulse response: decaying noise, darker as it fades (a room, not a metallic echo). */
function impulse(ctx: Ctx, seconds: number) {
  const random = seededRandom(11);
  const buffer = ctx.createBuffer(2, Math.ceil(seconds * COMPOSE_SAMPLE_RATE), COMPOSE_SAMPLE_RATE);
  for (let channel = 0; channel < 2; channel++) {
    const data = buffer.getChannelData(channel);
    let smooth = 0;
    for (let i = 0; i < data.length; i++) {
      const progress = i / data.length;
      const coefficient = 0.1 + 0.85 * progress;
      smooth = smooth * coefficient + (random() * 2 - 1) * (1 - coefficient);
      data[i] = smooth * (1 - progress) ** 2.5;
    }
  }
  return buffer;
}

/**
 * Renders one bar's notes into two stereo stems (dry, reverb send) in a context of its own: the
 * Web Audio renderer keeps every node of a context alive to its end, so one context per bar keeps
 * its work proportional to the notes that sound, not to the whole bed.
 */
async function renderBar(events: NoteEvent[], offset: number, length: number, mix: Record<PartName, PartMix>) {
  const ctx = new (loadOfflineAudioContext())({
    numberOfChannels: 4,
    length: Math.ceil(length * COMPOSE_SAMPLE_RATE),
    sampleRate: COMPOSE_SAMPLE_RATE,
  });
  const merger = ctx.createChannelMerger(4);
  merger.connect(ctx.destination);
  const stem = (first: number) => {
    const bus = ctx.createGain();
    bus.channelCount = 2;
    bus.channelCountMode = 'explicit';
    const split = ctx.createChannelSplitter(2);
    bus.connect(split);
    split.connect(merger, 0, first);
    split.connect(merger, 1, first + 1);
    return bus;
  };
  const dry = stem(0);
  const send = stem(2);
  const buses = new Map<PartName, Node>();
  const busOf = (part: PartName) => {
    let bus = buses.get(part);
    if (!bus) {
      const { gain, pan, reverb } = mix[part];
      const level = ctx.createGain();
      level.gain.value = gain;
      bus = level;
      const panner = ctx.createStereoPanner();
      panner.pan.value = pan;
      bus.connect(panner);
      panner.connect(dry);
      const share = ctx.createGain();
      share.gain.value = reverb;
      panner.connect(share).connect(send);
      buses.set(part, bus);
    }
    return bus;
  };
  for (const event of events) event.play(ctx, busOf(event.part), event.at - offset);
  return ctx.startRendering();
}

/** A bed's samples: stereo, `COMPOSE_SAMPLE_RATE`, exactly one loop long, its tails folded onto its start. */
export async function composeBed(track: MusicTrack): Promise<{ left: Float32Array; right: Float32Array }> {
  const score = SCORES[track.mood];
  const spb = 60 / track.bpm;
  const barS = spb * 4;
  const loopFrames = Math.round(track.bars * barS * COMPOSE_SAMPLE_RATE);
  const totalFrames = loopFrames + TAIL_S * COMPOSE_SAMPLE_RATE;
  const random = seededRandom([...track.id].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 0));
  const stems = [0, 1, 2, 3].map(() => new Float32Array(new ArrayBuffer(totalFrames * 4)));
  for (let index = 0; index < track.bars; index++) {
    const start = index * barS;
    const notes = score.progression[index % score.progression.length]!;
    const events = score.bar(notes, index, (n) => start + n * spb, spb, random);
    // A bar renders its own notes and their ring-out.
    const rendered = await renderBar(events, start, Math.min(barS + NOTE_TAIL_S, totalFrames / COMPOSE_SAMPLE_RATE - start), score.mix);
    const from = Math.round(start * COMPOSE_SAMPLE_RATE);
    for (let channel = 0; channel < 4; channel++) {
      const data = rendered.getChannelData(channel);
      const target = stems[channel]!;
      for (let i = 0; i < data.length && from + i < totalFrames; i++) target[from + i]! += data[i]!;
    }
  }
  // The master: the dry stems and the reverb's return through one gentle compressor.
  const ctx = new (loadOfflineAudioContext())({ numberOfChannels: 2, length: totalFrames, sampleRate: COMPOSE_SAMPLE_RATE });
  const source = (channels: Float32Array<ArrayBuffer>[]) => {
    const buffer = ctx.createBuffer(2, totalFrames, COMPOSE_SAMPLE_RATE);
    buffer.copyToChannel(channels[0]!, 0);
    buffer.copyToChannel(channels[1]!, 1);
    const node = ctx.createBufferSource();
    node.buffer = buffer;
    node.start(0);
    return node;
  };
  const compressor = ctx.createDynamicsCompressor();
  compressor.threshold.value = -18;
  compressor.ratio.value = 3;
  compressor.attack.value = 0.01;
  compressor.release.value = 0.2;
  compressor.connect(ctx.destination);
  source(stems.slice(0, 2)).connect(compressor);
  const reverb = ctx.createConvolver();
  reverb.buffer = impulse(ctx, score.room);
  source(stems.slice(2, 4)).connect(reverb).connect(compressor);
  const master = await ctx.startRendering();
  // Looping: what rings past the end sounds again over the start, as it would on the next pass.
  const fold = (data: Float32Array) => {
    const loop = data.slice(0, loopFrames);
    for (let i = loopFrames; i < data.length; i++) loop[(i - loopFrames) % loopFrames]! += data[i]!;
    return loop;
  };
  return { left: fold(master.getChannelData(0)), right: fold(master.getChannelData(1)) };
}
