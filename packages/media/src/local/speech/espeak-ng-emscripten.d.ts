/** The part of `@echogarden/espeak-ng-emscripten` (Emscripten build, no types of its own) the engine uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  /**
   * An event espeak-ng reports while it speaks; `audio_position` is in milliseconds, `id` the
   * phoneme (IPA) of a phoneme event, `text_position` the character (1-based, of the SSML) it comes from.
   */
  export interface ESpeakEvent {
    type: 'list_terminated' | 'word' | 'sentence' | 'mark' | 'play' | 'end' | 'msg_terminated' | 'phoneme' | 'samplerate';
    audio_position: number;
    text_position: number;
    id: string | number | undefined;
  }
  export interface ESpeakWorker {
    set_voice(name: string): number;
    set_rate(wordsPerMinute: number): number;
    set_pitch(pitch: number): number;
    get_samplerate(): number;
    /** Speaks `text` (SSML allowed), handing over each block of 16-bit samples with the events inside it. */
    synthesize(text: string, onBlock: (samples: Int16Array, events: ESpeakEvent[]) => number | boolean): void;
  }
  interface ESpeakModule {
    eSpeakNGWorker: new () => ESpeakWorker;
  }
  export default function ESpeakNgEmscripten(options?: {
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }): Promise<ESpeakModule>;
}
