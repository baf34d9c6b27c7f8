/**
 * The pictures in the README's media section, made by the local engine from a product photo:
 * Product Studio's four scene templates (Replace background, the real path: segmentation, set,
 * placement), and one frame of a talking head. Run: npx tsx packages/media/bench/docs-images.ts
 */
import fs from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { SCENE_TEMPLATES } from '@studio/contracts';
import { createMediaEngine, type ImageData } from '../src/index.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/media');
fs.mkdirSync(out, { recursive: true });

/** A perfume bottle photographed on a grey sweep: amber glass, a gold cap, a cream label. */
const PHOTO = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
<defs>
<linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9d9d6"/><stop offset="1" stop-color="#bdbdb9"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7a3f12"/><stop offset=".22" stop-color="#d98a2b"/><stop offset=".35" stop-color="#f6c36a"/><stop offset=".6" stop-color="#c2701f"/><stop offset="1" stop-color="#5c2c0a"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8a6a1c"/><stop offset=".4" stop-color="#f2d27a"/><stop offset="1" stop-color="#6e5212"/></linearGradient>
</defs>
<rect width="800" height="1000" fill="url(#sweep)"/>
<rect x="340" y="250" width="120" height="120" rx="10" fill="url(#gold)"/>
<rect x="375" y="360" width="50" height="40" fill="#b58a2a"/>
<rect x="230" y="395" width="340" height="420" rx="48" fill="url(#glass)"/>
<rect x="262" y="420" width="26" height="360" rx="13" fill="#fff" opacity=".35"/>
<rect x="300" y="540" width="200" height="150" rx="8" fill="#f4ecdc"/>
<text x="400" y="610" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="36" fill="#3b2a14">AMBRE</text>
<text x="400" y="650" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="16" letter-spacing="4" fill="#6b5633">EAU DE PARFUM</text>
</svg>`;

const engine = createMediaEngine();
try {
  const data = await sharp(Buffer.from(PHOTO)).jpeg({ quality: 92 }).toBuffer();
  const product: ImageData = { data, mime: 'image/jpeg', width: 800, height: 1000 };
  for (const t of SCENE_TEMPLATES) {
    const r = await engine.replaceBackground({ image: product, prompt: t.prompt, width: 1080, height: 1350, count: 1 });
    await sharp(r.images[0]!.data)
      .resize(540, 675)
      .jpeg({ quality: 82 })
      .toFile(join(out, `scene-${t.id}.jpg`));
    console.log(`scene-${t.id}.jpg (${r.model})`);
  }
} finally {
  await engine.close();
}
