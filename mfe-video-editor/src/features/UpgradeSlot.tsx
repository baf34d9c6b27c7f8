import { ApiRoutes } from '@studio/contracts';
import { apiFetch, ApiError, RemoteSlot } from '@studio/session';

/** The credits a refused start lacked (its 402 says what the whole video needs), or null for any other refusal. */
export async function creditsShortBy(error: unknown): Promise<number | null> {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const needed = Number((error.details as { creditsNeeded?: number } | undefined)?.creditsNeeded ?? 0);
  const balance = await apiFetch<{ credits: number }>(ApiRoutes.credits).then(
    (c) => c.credits,
    () => 0,
  );
  return Math.max(1, needed - balance);
}

/** mfe-account's upgrade dialog (spec 2 §6: "You need N more credit(s) to generate this video…"). */
export function UpgradeSlot({ creditsNeeded, onClose }: { creditsNeeded: number | null; onClose: () => void }) {
  if (creditsNeeded === null) return null;
  return (
    <RemoteSlot
      id="mfe_account/UpgradeDialog"
      props={{ open: true, onClose, creditsNeeded, action: 'generate this video' }}
      unavailable={() => null}
    />
  );
}
