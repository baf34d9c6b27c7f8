/**
 * Renders the music library's missing beds: `npm run build` runs it (through the media package's
 * `build`), and `ensureMusicLibrary` in a checkout that was never built. Argument: the folder.
 */
import { renderMusicLibrary } from './music-library.ts';

await renderMusicLibrary(process.argv[2], (line) => console.log(line));
