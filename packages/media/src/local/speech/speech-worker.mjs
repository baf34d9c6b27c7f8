// Child process: speaks one piece of text at a time (speak-here.ts), measures a voice sample
// (analysis.ts), or aligns a script's words to an uploaded voice (alignment.ts), for the speech pool in speaker.ts. flite's WASI program corrupted the heap of the process that ran it on long text, and
// both synthesisers run synchronously: in a child, a crash ends only the child, and the API's event
// loop keeps answering (a long sample's pitch analysis takes seconds too). Receives { id, request }
// and answers { id, samples, rate, phonemes, words }, or receives { id, pcm } and answers { id, analysis },
// or receives { id, align: { upload, reference, words } } and answers { id, words };
// a failure answers { id, error }. The synthesis code is TypeScript, loaded through tsx's API (the child is started
// without the parent's loaders).
import { tsImport } from 'tsx/esm/api';

// Listening starts at once: a message that arrived while the module loaded would be lost.
const loaded = Promise.all([
  tsImport('./speak-here.ts', import.meta.url),
  tsImport('./analysis.ts', import.meta.url),
  tsImport('./alignment.ts', import.meta.url),
]);

process.on('message', async ({ id, request, pcm, align }) => {
  try {
    const [{ speakHere }, { analyzeVoice }, { alignWords }] = await loaded;
    if (align) {
      process.send({ id, words: alignWords(align.upload, align.reference, align.words) });
      return;
    }
    if (pcm) {
      process.send({ id, analysis: analyzeVoice(pcm) });
      return;
    }
    const { samples, rate, phonemes, words } = await speakHere(request);
    process.send({ id, samples, rate, phonemes, words });
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});

// The studio that started it has gone: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
