import { useEffect, useId } from 'react';
import { useAtomValue } from 'jotai';
import { PRESET_CATEGORY, type VoiceChoice, type VoiceLibraryEntry, type VoicePickerProps } from '@studio/contracts';
import { userAtom } from '@studio/session';
import { Spinner } from '@studio/ui';
import { useVoicePreview } from '../../shared/player/use-preview.ts';
import { useVoiceProfiles } from '../../shared/profiles/api.ts';
import { useCharacterVoices, useVoiceLibrary, voicePreviewUrl } from '../../shared/voices/api.ts';
import { migrateLegacySavedVoices } from '../../shared/voices/legacy-saved-voices.ts';

interface Option {
  id: string;
  name: string;
  meta: string;
  previewUrl: string | null;
  source: VoiceChoice['source'];
}

const labelsOf = (v: VoiceLibraryEntry) => [v.labels?.gender, v.labels?.accent].filter(Boolean).join(' · ') || v.description;

/**
 * The voice selection panel (spec 2 §2): presets, the user's saved profiles, character voices and
 * the library by category, each with a preview. Selecting calls `onChange`.
 */
export function VoicePicker({ value, onChange, onCreateProfile }: VoicePickerProps) {
  const ids = useId();
  const userId = useAtomValue(userAtom)?.id ?? '';
  const library = useVoiceLibrary();
  const profiles = useVoiceProfiles(userId);
  const characters = useCharacterVoices(userId);
  const preview = useVoicePreview();
  useEffect(() => {
    if (userId) void migrateLegacySavedVoices();
  }, [userId]);

  if (library.isPending) return <Spinner label="Loading voices" />;
  const categories = Object.entries(library.data?.voices ?? {});
  if (categories.length === 0)
    return <p className="vo-error">No voices are available from the voice provider. Please check the API connection.</p>;

  const groups: { title: string; options: Option[] }[] = [
    ...categories
      .filter(([category]) => category === PRESET_CATEGORY)
      .map(([category, voices]) => ({
        title: category,
        options: voices.map((v) => ({ id: v.id, name: v.name, meta: labelsOf(v), previewUrl: v.previewUrl, source: 'preset' as const })),
      })),
    {
      title: 'My voice profiles',
      options: (profiles.data?.profiles ?? []).map((p) => ({
        id: p.voice_id,
        name: p.name,
        meta: p.type === 'cloned' ? (p.approximation ? 'Cloned · closest local voice' : 'Cloned') : 'Custom',
        previewUrl: voicePreviewUrl(p.voice_id),
        source: 'profile' as const,
      })),
    },
    {
      title: 'Character voices',
      options: (characters.data ?? []).map((c) => ({
        id: c.voiceId!,
        name: c.name,
        meta: 'Character',
        previewUrl: voicePreviewUrl(c.voiceId!),
        source: 'character' as const,
      })),
    },
    ...categories
      .filter(([category]) => category !== PRESET_CATEGORY)
      .map(([category, voices]) => ({
        title: category,
        options: voices.map((v) => ({ id: v.id, name: v.name, meta: labelsOf(v), previewUrl: v.previewUrl, source: 'library' as const })),
      })),
  ];

  return (
    <div className="vo-picker">
      {groups.map(
        (group) =>
          group.options.length > 0 && (
            <fieldset key={group.title} className="vo-group">
              <legend>{group.title}</legend>
              <ul className="vo-options">
                {group.options.map((option) => (
                  <li key={`${group.title}-${option.id}`} className="vo-option" data-selected={option.id === value}>
                    <label>
                      <input
                        type="radio"
                        name={`${ids}-voice`}
                        checked={option.id === value}
                        onChange={() => onChange({ voiceId: option.id, name: option.name, source: option.source })}
                      />
                      <span>
                        {option.name}
                        <span className="vo-meta">{option.meta}</span>
                      </span>
                    </label>
                    {/* A short visible label keeps long voice names whole; the full name is the button's accessible name. */}
                    <button
                      type="button"
                      className="st-btn st-btn-secondary vo-preview"
                      aria-pressed={preview.playing === option.id}
                      aria-label={preview.playing === option.id ? `Stop ${option.name}` : `Preview ${option.name}`}
                      onClick={() => preview.toggle(option.id, option.previewUrl)}
                    >
                      <span aria-hidden="true">{preview.playing === option.id ? '■ Stop' : '▶ Play'}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          ),
      )}
      {onCreateProfile && (
        <div className="vo-row">
          <button type="button" className="st-btn st-btn-secondary" onClick={onCreateProfile}>
            Create New Voice Profile
          </button>
        </div>
      )}
      {preview.error && (
        <p className="vo-error" role="alert">
          {preview.error}
        </p>
      )}
    </div>
  );
}
