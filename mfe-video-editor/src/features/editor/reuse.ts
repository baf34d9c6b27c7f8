/**
 * Sections that are not made twice (issue 40 §1), as the editor sees them: a section keeps its last
 * video with a summary of what made it (its signature), and while the summary still matches, the
 * editor asks the server to reuse that clip, shows the section as reused and leaves it out of the
 * price. The server decides on its own key (the bytes, not the links); the signature holds at least
 * everything that key holds, so a section the editor counts as reused is one the server reuses.
 */
import { VIDEO_MODELS, type JobView, type VideoModelId } from '@studio/contracts';
import { adCredits } from '../../shared/ad/ad-options.ts';
import { scriptText, type EditorSection } from './model.ts';

/** What the job asks of every clip, besides the section itself. */
export interface RenderSettings {
  model: VideoModelId;
  aspectRatio: string;
  /** Seconds a silent section lasts. */
  duration: number;
  /** The finished ad's formats (a product shot is drawn in each). */
  formats: readonly string[];
}

/** The picture a section starts from: its link, or the chosen file until it is kept. */
const imageOf = (s: EditorSection) =>
  s.imageUrl ?? (s.imageFile ? `file:${s.imageFile.name}:${s.imageFile.size}:${s.imageFile.lastModified}` : null);

/** A summary of everything a section's clip is made from, in this job; null when it has no picture. */
export function renderSignature(section: EditorSection, settings: RenderSettings): string | null {
  const image = imageOf(section);
  if (!image) return null;
  const product = section.kind === 'product';
  const script = section.scriptEnabled ? scriptText(section) : '';
  const speaks = Boolean(script);
  const spokenByModel = VIDEO_MODELS[settings.model].builtInAudio;
  return JSON.stringify({
    kind: section.kind,
    image,
    prompt: product ? null : section.videoPrompt.trim() || VIDEO_MODELS[settings.model].defaultPrompt,
    script,
    // Approved audio is spoken as it is; otherwise the job speaks the script in the section's voice.
    audio: speaks && !spokenByModel ? section.blocks.filter((b) => b.text.trim()).map((b) => [b.audioStatus, b.audioUrl]) : null,
    // The voice matters when the job speaks the script itself (veo3, or a product shot without approved audio).
    voice:
      speaks && (spokenByModel || product)
        ? [section.voice.voiceId, section.voice.stability, section.voice.similarityBoost, section.voice.speed]
        : null,
    model: settings.model,
    aspectRatio: settings.aspectRatio,
    // A silent talking section lasts the job's duration; a spoken one, its speech.
    duration: !product && !speaks ? settings.duration : null,
    shot: product
      ? [section.shot.scene.trim(), section.shot.motion, section.shot.duration, settings.formats.filter((f) => f !== settings.aspectRatio)]
      : null,
  });
}

/** Whether the section still has its last video and is unchanged since: Generate reuses that clip. */
export function willReuse(section: EditorSection, settings: RenderSettings): boolean {
  return section.lastVideo !== null && section.lastVideo.signature === renderSignature(section, settings);
}

/** What Generate costs (issue 40 §1–§2): only the sections it renders, each once, in every format. */
export function videoPrice(sections: readonly EditorSection[], settings: RenderSettings) {
  const reused = sections.filter((s) => willReuse(s, settings)).length;
  const rendered = sections.length - reused;
  return { rendered, reused, credits: adCredits(rendered, Math.max(1, settings.formats.length)) };
}

/** "10 credits", "1 section reused": the price line's words. */
const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The line beside Generate: what it makes, what it costs, what it reuses. */
export function priceLine(price: ReturnType<typeof videoPrice>, videos: number): string {
  const made = videos > 1 ? `${counted(videos, 'video')}: ` : '';
  const cost = `${counted(price.credits, 'credit')} for ${counted(price.rendered, 'section')} to render`;
  return `${made}${cost}${price.reused > 0 ? ` (${counted(price.reused, 'section')} reused: free)` : ''}.`;
}

/**
 * After a job: each of its finished sections keeps its clip as its last video, with the summary of
 * what it was made from when the job started (`sent`, by section id). A section the job did not
 * finish keeps what it had.
 */
export function withLastVideos(sections: EditorSection[], job: JobView, sent: ReadonlyMap<string, string | null>): EditorSection[] {
  return sections.map((section) => {
    const made = job.sections.find((s) => s.section === section.id && s.status === 'COMPLETED' && s.outputUrl);
    const signature = sent.get(section.id);
    if (!made?.outputUrl || !signature) return section;
    return { ...section, lastVideo: { url: made.outputUrl, posterUrl: made.posterUrl, signature } };
  });
}
