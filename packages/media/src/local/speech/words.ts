/**
 * The words of a script and when each is said. A word is what a viewer reads: a run of text
 * between spaces, its punctuation attached (`skin,`), a number or abbreviation one word however many
 * words it is spoken as (`$25` is "twenty five dollars"); a dash or other mark standing alone joins
 * the word before it. espeak-ng tells which character of the text each phoneme comes from; flite
 * tells its phones and their times but not their words, so its phones are shared out among the words
 * by their own pronunciations (`wordsFromFlite`).
 */
import type { WordTiming } from '../../capabilities.ts';

/** A word of a script and where it sits in it (string indices, `to` exclusive). */
export interface ScriptWord {
  text: string;
  from: number;
  to: number;
}

const SPOKEN = /[\p{L}\p{N}]/u;

/** The words of a script, in order (see the module's note). */
export function scriptWords(text: string): ScriptWord[] {
  const words: ScriptWord[] = [];
  let leading: number | null = null;
  for (const m of text.matchAll(/\S+/gu)) {
    const from = m.index;
    const to = from + m[0].length;
    const last = words.at(-1);
    if (SPOKEN.test(m[0])) {
      const start = leading ?? from;
      words.push({ text: text.slice(start, to), from: start, to });
      leading = null;
    } else if (last) {
      last.to = to;
      last.text = text.slice(last.from, to);
    } else leading ??= from;
  }
  return words;
}

/** A script word as flite is asked to say it alone (edge punctuation off, so each is said as a word). */
export const bareWord = (word: string) => word.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '') || word;

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** An event espeak-ng reports: a phoneme (its IPA, empty for a pause) at a character of the SSML it was given. */
export interface EspeakPhonemeEvent {
  /** 1-based, in characters of the SSML. */
  textPosition: number;
  /** Seconds. */
  start: number;
  ipa: string;
}

/**
 * Word times from espeak-ng's phoneme events: each phoneme belongs to the word its character is in;
 * a word starts with its first phoneme and ends where the next phoneme (or pause) starts. `ssml` is
 * the text escaped by `escapeXml` inside markup.
 */
export function wordsFromEspeak(text: string, ssml: string, events: readonly EspeakPhonemeEvent[], durationS: number): WordTiming[] {
  const words = scriptWords(text);
  // espeak-ng counts characters (code points) of the SSML: map each back to its index in the text.
  const escaped = escapeXml(text);
  const prefix = Array.from(ssml.slice(0, Math.max(0, ssml.indexOf(escaped)))).length;
  const textIndexAt: number[] = [];
  let index = 0;
  for (const c of text) {
    for (let k = 0; k < Array.from(escapeXml(c)).length; k++) textIndexAt.push(index);
    index += c.length;
  }
  const firstStart = new Array<number | null>(words.length).fill(null);
  const lastEvent = new Array<number>(words.length).fill(-1);
  let current = 0;
  events.forEach((e, i) => {
    if (!e.ipa.trim()) return;
    const at = textIndexAt[e.textPosition - 1 - prefix];
    if (at === undefined) return;
    // The last word starting at or before the character; never back to an earlier word, so the times stay in order.
    while (current + 1 < words.length && words[current + 1]!.from <= at) current += 1;
    firstStart[current] ??= e.start;
    lastEvent[current] = i;
  });
  return timed(
    words,
    words.map((_, w) => {
      const first = firstStart[w];
      if (first === null || first === undefined) return null;
      return { start: first, end: events[lastEvent[w]! + 1]?.start ?? durationS };
    }),
    durationS,
  );
}

/** A phone as flite prints it with `-psdur` (ARPAbet, `pau` for a pause) with its start and end. */
export interface FliteSegment {
  phone: string;
  start: number;
  end: number;
}

/** `pau:0.162 hh:0.204 …` (each phone with the time it ends) as segments. */
export function fliteSegments(printed: string): FliteSegment[] {
  const segments: FliteSegment[] = [];
  let start = 0;
  for (const token of printed.trim().split(/\s+/)) {
    const m = /^([a-z]+):([\d.]+)$/.exec(token);
    if (!m) continue;
    const end = Number(m[2]);
    segments.push({ phone: m[1]!, start, end });
    start = end;
  }
  return segments;
}

const FLITE_VOWELS = new Set(['aa', 'ae', 'ah', 'ao', 'aw', 'ax', 'ay', 'eh', 'er', 'ey', 'ih', 'iy', 'ow', 'oy', 'uh', 'uw']);
const substitution = (a: string, b: string) => (a === b ? 0 : FLITE_VOWELS.has(a) && FLITE_VOWELS.has(b) ? 0.5 : 1);

/** Phones said one word at a time (a pause between each) as each word's phones, in order. */
export function phonesBetweenPauses(segments: readonly FliteSegment[]): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  for (const s of segments) {
    if (s.phone !== 'pau') group.push(s.phone);
    else if (group.length) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length) groups.push(group);
  return groups;
}

/**
 * Word times from flite's phones: `spoken` is the line as said (pauses included); `pronunciations`
 * how each word is said alone (flite's own lexicon and number rules, `phonesBetweenPauses`). The
 * line's phones are shared out among the words in order so that each word's share is closest (edit
 * distance) to its pronunciation. Without pronunciations (null), each word's share follows its length.
 */
export function wordsFromFlite(
  text: string,
  spoken: readonly FliteSegment[],
  pronunciations: readonly (readonly string[])[] | null,
  durationS: number,
): WordTiming[] {
  const words = scriptWords(text);
  const phones = spoken.filter((s) => s.phone !== 'pau');
  const groups = pronunciations ?? [];
  const byPronunciation = groups.length === words.length;
  const n = words.length;
  const m = phones.length;
  if (n === 0) return [];
  if (m < n)
    return timed(
      words,
      words.map(() => null),
      durationS,
    );

  // best[k][j]: the least cost of saying words 0..k-1 with phones 0..j-1; every word takes at least one phone.
  const best = Array.from({ length: n + 1 }, () => new Float64Array(m + 1).fill(Infinity));
  const from = Array.from({ length: n + 1 }, () => new Int32Array(m + 1).fill(-1));
  best[0]![0] = 0;
  for (let k = 0; k < n; k++) {
    const said = byPronunciation ? groups[k]! : null;
    const expected = said ? said.length : Math.max(1, bareWord(words[k]!.text).length * 0.8);
    const longest = Math.ceil(expected * 2) + 4;
    for (let i = k; i <= m - (n - k); i++) {
      const before = best[k]![i]!;
      if (!Number.isFinite(before)) continue;
      // Edit distance between the word's pronunciation and phones i..j-1, one column per phone added.
      let column = said ? Array.from({ length: said.length + 1 }, (_, a) => a) : [];
      for (let j = i + 1; j <= Math.min(m - (n - k - 1), i + longest); j++) {
        let cost: number;
        if (said) {
          const next = [j - i];
          for (let a = 1; a <= said.length; a++)
            next.push(Math.min(column[a]! + 1, next[a - 1]! + 1, column[a - 1]! + substitution(said[a - 1]!, phones[j - 1]!.phone)));
          column = next;
          cost = column[said.length]!;
        } else cost = Math.abs(j - i - expected);
        if (before + cost < best[k + 1]![j]!) {
          best[k + 1]![j] = before + cost;
          from[k + 1]![j] = i;
        }
      }
    }
  }
  if (!Number.isFinite(best[n]![m]!))
    return timed(
      words,
      words.map(() => null),
      durationS,
    );
  const spans: { start: number; end: number }[] = new Array(n);
  for (let k = n, j = m; k > 0; k--) {
    const i = from[k]![j]!;
    spans[k - 1] = { start: phones[i]!.start, end: phones[j - 1]!.end };
    j = i;
  }
  return timed(words, spans, durationS);
}

/**
 * The words with their times, in order and inside the audio. A word no phoneme was found for (a
 * synthesiser that skipped it) gets its share of the time between its neighbours, by length.
 */
function timed(words: readonly ScriptWord[], spans: ({ start: number; end: number } | null)[], durationS: number): WordTiming[] {
  const out: WordTiming[] = [];
  let k = 0;
  while (k < words.length) {
    const span = spans[k];
    if (span) {
      const previousEnd = out.at(-1)?.end ?? 0;
      const start = Math.min(durationS, Math.max(previousEnd, span.start));
      out.push({ text: words[k]!.text, start: round3(start), end: round3(Math.min(durationS, Math.max(start, span.end))) });
      k += 1;
      continue;
    }
    // A run of words without times, shared out between the last known end and the next known start.
    let e = k;
    while (e < words.length && !spans[e]) e += 1;
    const from = out.at(-1)?.end ?? 0;
    const to = Math.max(from, Math.min(durationS, spans[e]?.start ?? durationS));
    const lengths = words.slice(k, e).map((w) => bareWord(w.text).length);
    const total = lengths.reduce((a, b) => a + b, 0) || 1;
    let at = from;
    for (let w = k; w < e; w++) {
      const end = at + ((to - from) * lengths[w - k]!) / total;
      out.push({ text: words[w]!.text, start: round3(at), end: round3(end) });
      at = end;
    }
    k = e;
  }
  return out;
}

/** Words of consecutive pieces of speech on one timeline: each piece's words moved by the audio before it. */
export function shiftWords(words: readonly WordTiming[], byS: number): WordTiming[] {
  return words.map((w) => ({ text: w.text, start: round3(w.start + byS), end: round3(w.end + byS) }));
}
