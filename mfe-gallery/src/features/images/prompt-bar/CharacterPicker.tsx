import { useId } from 'react';
import { AppPaths } from '@studio/contracts';
import { MenuPanel } from '@studio/ui';
import { useCharacters } from '../api.ts';

/** The Character menu (spec 2 §2): one of the user's characters as the source of the images, or none. */
export function CharacterPicker({
  userId,
  value,
  onChange,
}: {
  userId: string;
  value: string | null;
  onChange: (characterId: string | null) => void;
}) {
  const name = useId();
  const characters = useCharacters(userId);
  return (
    <MenuPanel
      className="ga-menu"
      summaryClassName="st-btn st-btn-secondary"
      panelClassName="ga-menu-panel"
      summary={`Character${value ? `: ${characters.data?.characters.find((c) => c.id === value)?.name ?? ''}` : ''}`}
    >
      <p>Choose a character:</p>
      {characters.isPending ? (
        <p>Loading...</p>
      ) : (characters.data?.characters ?? []).length === 0 ? (
        <p>No characters created yet</p>
      ) : (
        characters.data?.characters.map((c) => (
          <label key={c.id} className="ga-check">
            <input type="radio" name={`${name}-character`} checked={value === c.id} onChange={() => onChange(c.id)} />
            {c.name}
          </label>
        ))
      )}
      {value && (
        <button type="button" className="st-btn st-btn-secondary" onClick={() => onChange(null)}>
          No character
        </button>
      )}
      <a href={AppPaths.characters}>Create new character</a>
    </MenuPanel>
  );
}
