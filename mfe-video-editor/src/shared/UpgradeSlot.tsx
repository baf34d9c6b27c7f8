import { RemoteSlot } from '@studio/session';

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
