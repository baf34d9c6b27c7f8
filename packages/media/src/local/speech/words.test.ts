import { describe, expect, it } from 'vitest';
import { joinSpoken } from './chunks.ts';
import { escapeXml, fliteSegments, phonesBetweenPauses, scriptWords, wordsFromEspeak, wordsFromFlite } from './words.ts';

describe('the words of a script', () => {
  it('splits as a viewer reads: punctuation stays on its word, a number is one word, a lone dash joins the word before', () => {
    expect(scriptWords('  Hi, my skin — it costs $25! Dr. Smith’s café.').map((w) => w.text)).toEqual([
      'Hi,',
      'my',
      'skin —',
      'it',
      'costs',
      '$25!',
      'Dr.',
      'Smith’s',
      'café.',
    ]);
    expect(scriptWords('… wait')).toEqual([{ text: '… wait', from: 0, to: 6 }]);
    expect(scriptWords(' ! ')).toEqual([]);
  });

  it('times espeak-ng’s words by the characters its phonemes come from, ending where the next sound starts', () => {
    const text = 'Hi, it costs $25 & more.';
    const ssml = `<speak><prosody range="100%">${escapeXml(text)}</prosody></speak>`;
    const base = ssml.indexOf('Hi') + 1;
    const at = (word: string) => base + text.indexOf(word);
    const events = [
      { ipa: 'h', start: 0.02, textPosition: at('Hi') },
      { ipa: 'aɪ', start: 0.08, textPosition: at('Hi') },
      { ipa: '', start: 0.37, textPosition: 10 },
      { ipa: 'ɪ', start: 0.53, textPosition: at('it') },
      { ipa: 'k', start: 0.7, textPosition: at('costs') },
      // "twenty five dollars": espeak-ng reports the number's second half one character on.
      { ipa: 't', start: 1.1, textPosition: at('$25') },
      { ipa: 'f', start: 1.5, textPosition: at('$25') + 2 },
      // After the escaped "&" (five characters of SSML for one of text).
      { ipa: 'm', start: 2.3, textPosition: at('more') + 4 },
      { ipa: '', start: 2.6, textPosition: 90 },
    ];
    expect(wordsFromEspeak(text, ssml, events, 3)).toEqual([
      { text: 'Hi,', start: 0.02, end: 0.37 },
      { text: 'it', start: 0.53, end: 0.7 },
      { text: 'costs', start: 0.7, end: 1.1 },
      { text: '$25 &', start: 1.1, end: 2.3 },
      { text: 'more.', start: 2.3, end: 2.6 },
    ]);
  });

  it('shares flite’s phones out among the words by how each is said alone', () => {
    const spoken = fliteSegments('pau:0.1 hh:0.2 ay:0.4 pau:0.6 t:0.7 uw:0.9 w:1.0 iy:1.1 k:1.2 s:1.3 pau:1.5');
    const alone = fliteSegments('pau:0.1 hh:0.2 ay:0.3 pau:0.4 t:0.5 uw:0.6 pau:0.7 w:0.8 iy:0.9 k:1 s:1.1 pau:1.2');
    expect(phonesBetweenPauses(alone)).toEqual([
      ['hh', 'ay'],
      ['t', 'uw'],
      ['w', 'iy', 'k', 's'],
    ]);
    expect(wordsFromFlite('Hi, 2 weeks.', spoken, phonesBetweenPauses(alone), 1.5)).toEqual([
      { text: 'Hi,', start: 0.1, end: 0.4 },
      { text: '2', start: 0.6, end: 0.9 },
      { text: 'weeks.', start: 0.9, end: 1.3 },
    ]);
    // Without pronunciations: shares by length, every word still there and in order.
    const rough = wordsFromFlite('Hi, 2 weeks.', spoken, null, 1.5);
    expect(rough.map((w) => w.text)).toEqual(['Hi,', '2', 'weeks.']);
    rough.forEach((w, i) => {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(rough[i - 1]!.end);
    });
  });

  it('moves each piece’s words by the audio before it when pieces are joined', () => {
    const joined = joinSpoken([
      { samples: new Int16Array(8), rate: 4, phonemes: [], words: [{ text: 'One.', start: 0.5, end: 1.5 }] },
      { samples: new Int16Array(4), rate: 4, phonemes: [], words: [{ text: 'Two.', start: 0.25, end: 0.75 }] },
    ]);
    expect(joined.words).toEqual([
      { text: 'One.', start: 0.5, end: 1.5 },
      { text: 'Two.', start: 2.25, end: 2.75 },
    ]);
  });
});
