/**
 * A style's sample image: a small studio still life composed by the scene builder and graded in the
 * style (the grade itself is grade.ts, which draws no scenes).
 */
import sharp from 'sharp';
import type { ImageData } from '../../capabilities.ts';
import type { ColourGrade } from './colour.ts';
import { applyGrade } from './grade.ts';
import { composeScene } from './studio.ts';

/**
 * The still life a style sample shows: a glass bottle with a dropper, a cream jar and a small box,
 * shaded as lit from the left, so skin-like, neutral and saturated tones are all there for the
 * style to move. One cut-out, so the scene casts one shadow under the group.
 */
const SAMPLE_STILL_LIFE = `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="400">
<defs>
<linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#d08a5c"/><stop offset=".35" stop-color="#b5653a"/><stop offset="1" stop-color="#5e2c14"/></linearGradient>
<linearGradient id="jar" x1="0" x2="1"><stop offset="0" stop-color="#fbf6ee"/><stop offset=".5" stop-color="#e9e1d4"/><stop offset="1" stop-color="#b8ad9c"/></linearGradient>
<linearGradient id="lid" x1="0" x2="1"><stop offset="0" stop-color="#e0c27a"/><stop offset=".4" stop-color="#c9a04a"/><stop offset="1" stop-color="#7d6026"/></linearGradient>
<linearGradient id="box" x1="0" x2="1"><stop offset="0" stop-color="#5f8f72"/><stop offset="1" stop-color="#2f5a44"/></linearGradient>
<linearGradient id="shine" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".5" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
</defs>
<rect x="300" y="250" width="120" height="150" rx="4" fill="url(#box)"/><rect x="300" y="250" width="38" height="150" fill="#fff" opacity=".12"/>
<rect x="318" y="300" width="84" height="40" rx="3" fill="#efe8da"/><rect x="330" y="314" width="60" height="6" rx="3" fill="#2f5a44"/>
<rect x="84" y="0" width="32" height="60" rx="12" fill="#1f1f22"/><rect x="88" y="56" width="24" height="34" fill="url(#lid)"/>
<path d="M60 120 Q60 90 100 88 Q140 90 140 120 L150 150 Q160 170 160 200 L160 380 Q160 400 140 400 L60 400 Q40 400 40 380 L40 200 Q40 170 50 150 Z" fill="url(#glass)"/>
<rect x="58" y="150" width="14" height="230" rx="7" fill="url(#shine)"/>
<rect x="52" y="240" width="96" height="92" rx="6" fill="#f4efe6"/><rect x="66" y="262" width="68" height="10" rx="5" fill="#5e2c14"/><rect x="74" y="284" width="52" height="6" rx="3" fill="#b5653a"/>
<rect x="176" y="268" width="128" height="34" rx="8" fill="url(#lid)"/>
<path d="M180 300 L300 300 L300 382 Q300 400 282 400 L198 400 Q180 400 180 382 Z" fill="url(#jar)"/>
<rect x="196" y="306" width="12" height="88" rx="6" fill="url(#shine)"/></svg>`;

/**
 * What a style looks like: a small studio still life (a bottle, a jar and a box on linen, soft
 * window light with leaf shadows on the wall) graded in the style — the style's own look on the
 * kind of picture it will be used for.
 */
export async function renderStyleSample(grade: ColourGrade, width = 480, height = 600): Promise<ImageData> {
  const product = await sharp(Buffer.from(SAMPLE_STILL_LIFE)).png().toBuffer();
  const scene = await composeScene({
    prompt: 'soft window light on a cream linen backdrop with palm leaf shadows',
    width,
    height,
    seed: 3,
    cutout: { png: product, width: 420, height: 400 },
    scale: 0.5,
  });
  return applyGrade({ data: scene, mime: 'image/png', width, height }, grade);
}
