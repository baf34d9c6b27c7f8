/**
 * The brand fonts the studio bundles: five families from Google Fonts under the SIL Open Font
 * License, installed as npm packages that ship their TTF files (`@expo-google-fonts/*`), so every
 * machine has them without a system font package. A brand kit names one by `id`; captions (libass,
 * through `fontsdir`) and the end card (the 2D canvas) render with the same file. No canvas or
 * image library is loaded here: the barrel exports this table.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface BrandFont {
  /** Stable id kept in brand kits (the contracts' `BRAND_FONT_IDS` lists the same ids). */
  id: string;
  /** The family's name as the user sees it. */
  name: string;
  /** The family name inside the font files: what an ASS style's `Fontname` and a canvas `font` ask for. */
  family: string;
  /** Display weight (bold; Bebas Neue has one weight): headlines, CTAs, captions. */
  file: string;
  /** Text weight: a URL or a small line under a headline. */
  regularFile: string;
}

const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);

/** A geometric sans, a grotesk, a serif, a rounded sans and a condensed display face. */
export const BRAND_FONTS: readonly BrandFont[] = [
  {
    id: 'montserrat',
    name: 'Montserrat',
    family: 'Montserrat',
    file: fontFile('montserrat', '700Bold/Montserrat_700Bold.ttf'),
    regularFile: fontFile('montserrat', '500Medium/Montserrat_500Medium.ttf'),
  },
  {
    id: 'space-grotesk',
    name: 'Space Grotesk',
    family: 'Space Grotesk',
    file: fontFile('space-grotesk', '700Bold/SpaceGrotesk_700Bold.ttf'),
    regularFile: fontFile('space-grotesk', '500Medium/SpaceGrotesk_500Medium.ttf'),
  },
  {
    id: 'playfair-display',
    name: 'Playfair Display',
    family: 'Playfair Display',
    file: fontFile('playfair-display', '700Bold/PlayfairDisplay_700Bold.ttf'),
    regularFile: fontFile('playfair-display', '500Medium/PlayfairDisplay_500Medium.ttf'),
  },
  {
    id: 'nunito',
    name: 'Nunito',
    family: 'Nunito',
    file: fontFile('nunito', '800ExtraBold/Nunito_800ExtraBold.ttf'),
    regularFile: fontFile('nunito', '600SemiBold/Nunito_600SemiBold.ttf'),
  },
  {
    id: 'bebas-neue',
    name: 'Bebas Neue',
    family: 'Bebas Neue',
    file: fontFile('bebas-neue', '400Regular/BebasNeue_400Regular.ttf'),
    regularFile: fontFile('bebas-neue', '400Regular/BebasNeue_400Regular.ttf'),
  },
];

/** The font a kit without a choice (or with an id no longer bundled) renders with. */
export const DEFAULT_BRAND_FONT_ID = 'montserrat';

/** The bundled font of `id`, or the default one. */
export function brandFont(id: string | undefined): BrandFont {
  return BRAND_FONTS.find((font) => font.id === id) ?? BRAND_FONTS.find((font) => font.id === DEFAULT_BRAND_FONT_ID)!;
}

let fontsDir: Promise<string> | undefined;

/**
 * One folder holding every bundled font file (links to the installed packages), made once per
 * process: libass looks fonts up in a single folder (the ffmpeg `ass`/`subtitles` filter's
 * `fontsdir=`), and an ASS style then names a font by its `family`.
 */
export function brandFontsDir(): Promise<string> {
  fontsDir ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-fonts-'));
    const files = new Set(BRAND_FONTS.flatMap((font) => [font.file, font.regularFile]));
    await Promise.all([...files].map((file) => fs.symlink(file, path.join(dir, path.basename(file)))));
    return dir;
  })();
  return fontsDir;
}
