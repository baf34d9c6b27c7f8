import type { PrebuiltImageModelId } from '@studio/contracts';
import { MenuPanel } from '@studio/ui';
import { useImageModels, useLoraModels } from '../api.ts';
import { isChosen, modelMenu } from '../models.ts';

/** The Models menu: the pre-built models and styles with the user's own (LoRA) models, chosen by the rules of spec 2 §4. */
export function ModelPicker({
  userId,
  model,
  selection,
  onPick,
}: {
  userId: string;
  /** The pre-built model in effect. */
  model: PrebuiltImageModelId;
  selection: readonly string[];
  onPick: (id: string) => void;
}) {
  const imageModels = useImageModels();
  const loras = useLoraModels(userId);
  const models = modelMenu(imageModels.data?.models, loras.data?.models);
  const selectedNames = models.filter((m) => isChosen(m.id, model, selection)).map((m) => m.name);
  return (
    <MenuPanel
      className="ga-menu"
      summaryClassName="st-btn st-btn-secondary"
      panelClassName="ga-menu-panel"
      summary={`Models: ${selectedNames.join(', ')}`}
    >
      <fieldset>
        <legend>Models</legend>
        {models.map((m) => (
          <label key={m.id} className="ga-check">
            <input type="checkbox" checked={isChosen(m.id, model, selection)} onChange={() => onPick(m.id)} />
            {m.name}
          </label>
        ))}
      </fieldset>
    </MenuPanel>
  );
}
