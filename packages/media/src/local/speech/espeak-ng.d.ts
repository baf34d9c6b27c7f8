/** The part of the `espeak-ng` package (Emscripten build, no types of its own) the engine uses. */
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array };
  }
  export default function ESpeakNg(options: {
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }): Promise<ESpeakModule>;
}
