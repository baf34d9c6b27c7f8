import { font, text } from './tokens.ts';

/** Documents whose fonts are looked up already (the frame mounts again after a full-screen page). */
const warmed = new WeakSet<Document>();

/** The weights the studio's styles use. */
const WEIGHTS = [400, 600, 700, 800] as const;

/**
 * Lays out a line of text in every size of the type scale and every weight the styles use, once,
 * hidden, then removes it. A browser looks up a font the first time a page shows a new size or
 * weight (Chromium on Linux asks its browser process for each one, a few milliseconds apiece);
 * doing it while the studio is idle keeps those lookups out of the click that opens a screen
 * using sizes the current one does not.
 */
export function warmTypeScale(doc: Document = document): void {
  if (warmed.has(doc)) return;
  warmed.add(doc);
  const box = doc.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;top:0;left:0;visibility:hidden;pointer-events:none;white-space:nowrap;contain:layout paint';
  for (const family of [font.sans, font.mono]) {
    for (const size of Object.values(text)) {
      for (const weight of WEIGHTS) {
        const line = doc.createElement('span');
        line.style.font = `${weight} ${size} ${family}`;
        line.textContent = 'Studio 0123';
        box.append(line);
      }
    }
  }
  doc.body.append(box);
  box.getBoundingClientRect(); // the layout that looks the fonts up
  box.remove();
}
