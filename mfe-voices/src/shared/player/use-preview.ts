import { useEffect, useRef, useState } from 'react';
import { Messages } from '@studio/contracts';

/** spec 2 §9: previews play at volume 0.7; a preview error shows for 5 s. */
export const PREVIEW_VOLUME = 0.7;
export const PREVIEW_ERROR_MS = 5000;

/** One voice preview at a time: play toggles playing and stopped (spec 2 §4). */
export function useVoicePreview() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), PREVIEW_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);
  useEffect(() => () => audio.current?.pause(), []);

  const stop = () => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  };
  const toggle = (voiceId: string, previewUrl: string | null) => {
    const wasPlaying = playing === voiceId;
    stop();
    if (wasPlaying) return;
    if (!previewUrl) {
      setError(Messages.previewUnavailable);
      return;
    }
    const player = new Audio(previewUrl);
    player.volume = PREVIEW_VOLUME;
    player.onended = () => setPlaying((current) => (current === voiceId ? null : current));
    player.onerror = () => {
      setError(Messages.previewFailed);
      setPlaying(null);
    };
    audio.current = player;
    setPlaying(voiceId);
    setError(null);
    player.play().catch(() => {
      setError(Messages.previewPlaybackFailed);
      setPlaying(null);
    });
  };
  return { playing, error, toggle };
}
