import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import {
  PRESET_CATEGORY,
  type SavedVoice,
  type VoiceChoice,
  type VoiceLibraryEntry,
  type VoicePickerProps,
  type VoiceSettingsValue,
} from '@studio/contracts';
import { userAtom } from '@studio/session';
import { Spinner } from '@studio/ui';
import { useVoicePreview } from '../../shared/player/use-preview.ts';
import { useVoiceProfiles } from '../../shared/profiles/api.ts';
import { useCharacterVoices, useSavedVoices, useVoiceLibrary, voicePreviewUrl } from '../../shared/voices/api.ts';
import { migrateLegacySavedVoices } from '../../shared/voices/legacy-saved-voices.ts';

interface Option {
  /** Unique in the picker: one voice may be a preset and a saved voice at once. */
  key: string;
  id: string;
  name: string;
  meta: string;
  previewUrl: string | null;
  source: VoiceChoice['source'];
  settings?: VoiceSettingsValue;
}

interface Group {
  title: string;
  /** Said when the group has no voice yet: every group shows, so the user knows where voices come from. */
  empty: string;
  /** The library's categories, each a list of its own (spec 2 §3: entries are grouped by category). */
  lists: { title: string | null; options: Option[] }[];
}

const labelsOf = (v: VoiceLibraryEntry) => [v.labels?.gender, v.labels?.accent].filter(Boolean).join(' · ') || v.description;
const percent = (n: number) => `${Math.round(n * 100)}%`;
const entryOption = (source: 'preset' | 'library') => (v: VoiceLibraryEntry) => ({
  key: `${source}-${v.id}`,
  id: v.id,
  name: v.name,
  meta: labelsOf(v),
  previewUrl: v.previewUrl,
  source,
});
const savedOption = (v: SavedVoice): Option => ({
  key: `saved-${v.id}`,
  id: v.voice_id,
  name: v.name,
  meta: `Saved · stability ${percent(v.voice_settings.stability)} · speed ${v.voice_settings.speed}×`,
  previewUrl: voicePreviewUrl(v.voice_id),
  source: 'saved',
  settings: { stability: v.voice_settings.stability, similarityBoost: v.voice_settings.similarity, speed: v.voice_settings.speed },
});

/**
 * The voice selection panel (spec 2 §2): presets, the user's saved voices and profiles, character
 * voices and the library by category, each with a preview. Selecting calls `onChange` (a saved
 * voice with its sliders).
 */
export function VoicePicker({ value, onChange, onCreateProfile }: VoicePickerProps) {
  const ids = useId();
  const userId = useAtomValue(userAtom)?.id ?? '';
  const library = useVoiceLibrary();
  const saved = useSavedVoices(userId);
  const profiles = useVoiceProfiles(userId);
  const characters = useCharacterVoices(userId);
  const preview = useVoicePreview();
  // The option last picked, so that of two options with one voice the one clicked shows selected.
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  useEffect(() => {
    if (userId) void migrateLegacySavedVoices();
  }, [userId]);

  if (library.isPending) return <Spinner label="Loading voices" />;
  const categories = Object.entries(library.data?.voices ?? {});
  if (categories.length === 0)
    return <p className="vo-error">No voices are available from the voice provider. Please check the API connection.</p>;

  const groups: Group[] = [
    {
      title: 'Presets',
      empty: 'No preset voices.',
      lists: [{ title: null, options: categories.filter(([c]) => c === PRESET_CATEGORY).flatMap(([, v]) => v.map(entryOption('preset'))) }],
    },
    {
      title: 'Saved voices and profiles',
      empty: 'No saved voices or voice profiles yet.',
      lists: [
        {
          title: null,
          options: [
            ...(saved.data?.voices ?? []).map(savedOption),
            ...(profiles.data?.profiles ?? []).map((p) => ({
              key: `profile-${p.id}`,
              id: p.voice_id,
              name: p.name,
              meta: p.type === 'cloned' ? (p.approximation ? 'Cloned · closest local voice' : 'Cloned') : 'Custom',
              previewUrl: voicePreviewUrl(p.voice_id),
              source: 'profile' as const,
            })),
          ],
        },
      ],
    },
    {
      title: 'Character voices',
      empty: 'No character has a voice yet.',
      lists: [
        {
          title: null,
          options: (characters.data ?? []).map((c) => ({
            key: `character-${c.id}`,
            id: c.voiceId!,
            name: c.name,
            meta: 'Character',
            previewUrl: voicePreviewUrl(c.voiceId!),
            source: 'character' as const,
          })),
        },
      ],
    },
    {
      title: 'Voice library',
      empty: 'The voice provider offers no other voices.',
      lists: categories
        .filter(([category]) => category !== PRESET_CATEGORY)
        .map(([category, voices]) => ({ title: category, options: voices.map(entryOption('library')) })),
    },
  ];
  const options = groups.flatMap((g) => g.lists.flatMap((l) => l.options));
  const selectedKey = options.find((o) => o.key === pickedKey && o.id === value)?.key ?? options.find((o) => o.id === value)?.key;

  const renderOptions = (list: Option[]) => (
    <ul className="vo-options">
      {list.map((option) => (
        <li key={option.key} className="vo-option" data-selected={option.key === selectedKey}>
          <label>
            <input
              type="radio"
              name={`${ids}-voice`}
              checked={option.key === selectedKey}
              onChange={() => {
                setPickedKey(option.key);
                onChange({ voiceId: option.id, name: option.name, source: option.source, settings: option.settings });
              }}
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
  );

  return (
    <div className="vo-picker">
      {groups.map((group) => {
        const lists = group.lists.filter((l) => l.options.length > 0);
        return (
          <fieldset key={group.title} className="vo-group">
            <legend>{group.title}</legend>
            {lists.length === 0 ? <p className="vo-empty">{group.empty}</p> : null}
            {lists.map((list) =>
              list.title ? (
                <fieldset key={list.title} className="vo-group">
                  <legend className="vo-meta">{list.title}</legend>
                  {renderOptions(list.options)}
                </fieldset>
              ) : (
                <div key="all">{renderOptions(list.options)}</div>
              ),
            )}
          </fieldset>
        );
      })}
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
