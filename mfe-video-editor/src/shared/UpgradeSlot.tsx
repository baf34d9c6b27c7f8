import { useCallback, useState } from 'react';
import { formatCreditsNeeded } from '@studio/contracts';
import { ApiError, creditsShortBy, RemoteSlot } from '@studio/session';
import { Alert } from '@studio/ui';

/** What the upgrade dialog says: how many credits are missing and what for ("generate this video"). */
export interface UpgradeOffer {
  creditsNeeded: number;
  action: string;
}

/** A call refused for a short balance: the upgrade dialog answers it, not an inline error (spec 2 §6). */
export const isShortOfCredits = (error: unknown) => error instanceof ApiError && error.status === 402;

/**
 * The editor's upgrade dialog. The full-screen editor has no app frame to host it, so each editor
 * keeps its own: `offer(error, action)` opens it when `error` is a short balance and says whether
 * it did; `slot` goes to `<UpgradeSlot>`.
 */
export function useUpgradeOffer() {
  const [offer, setOffer] = useState<UpgradeOffer | null>(null);
  const open = useCallback(async (error: unknown, action: string) => {
    const short = await creditsShortBy(error);
    if (short !== null) setOffer({ creditsNeeded: short, action });
    return short !== null;
  }, []);
  const onClose = useCallback(() => setOffer(null), []);
  return { offer: open, slot: { offer, onClose } };
}

/**
 * mfe-account's upgrade dialog (spec 2 §6: "You need N more credit(s) to {action}. …"). With that
 * remote down the same words show inline: a short balance is never answered with silence.
 */
export function UpgradeSlot({ offer, onClose }: { offer: UpgradeOffer | null; onClose: () => void }) {
  if (offer === null) return null;
  return (
    <RemoteSlot
      id="mfe_account/UpgradeDialog"
      props={{ open: true, onClose, creditsNeeded: offer.creditsNeeded, action: offer.action }}
      unavailable={() => <Alert tone="error">{formatCreditsNeeded(offer.creditsNeeded, offer.action)}</Alert>}
    />
  );
}
