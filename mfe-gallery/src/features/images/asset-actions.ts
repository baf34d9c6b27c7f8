import { useState } from 'react';
import { Messages, type UserAsset } from '@studio/contracts';
import { errorText } from '@studio/session';
import { useBanner } from '@studio/ui';
import { useAnimateImage, useAssociateWithCharacter, useDeleteAssets, useToggleFeatured, useUpscaleImage } from './api.ts';

/** spec 2 §2: a downloaded blob's URL is revoked after 1 s. */
const REVOKE_AFTER_MS = 1000;

/** Saves a file under a name, from a blob so the browser does not navigate away. */
export async function downloadFile(url: string, name: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}

export const downloadName = (asset: Pick<UserAsset, 'id' | 'public_url'>) =>
  `studio-${asset.id.slice(0, 8)}.${asset.public_url.split('.').pop() ?? 'png'}`;

/**
 * What a user can do to one of their assets (spec 2 §2 card actions and media viewer): each server
 * call is a mutation of `api.ts` that re-reads what it changes; `status` is the last outcome, for
 * one banner (it clears after 5 s), and `pending` names the action under way.
 */
export function useAssetActions(userId: string) {
  const { banner: status, show, clear } = useBanner();
  const removal = useDeleteAssets(userId);
  const upscale = useUpscaleImage(userId);
  const animation = useAnimateImage(userId);
  const featuring = useToggleFeatured(userId);
  const association = useAssociateWithCharacter(userId);
  // Downloading and copying happen in the browser, with no server call.
  const [localWork, setLocalWork] = useState<'download' | 'copy' | null>(null);
  const pending = removal.isPending
    ? 'delete'
    : upscale.isPending
      ? `upscale:${upscale.variables.id}`
      : animation.isPending
        ? `animate:${animation.variables.asset.id}`
        : featuring.isPending
          ? `feature:${featuring.variables.id}`
          : association.isPending
            ? `character:${association.variables.asset.id}`
            : localWork;

  const run = async (work: () => Promise<string | null>, fallback: string): Promise<boolean> => {
    clear();
    try {
      const text = await work();
      if (text) show('success', text);
      return true;
    } catch (err) {
      show('error', errorText(err, fallback));
      return false;
    }
  };
  const local = async (key: 'download' | 'copy', work: () => Promise<string | null>, fallback: string) => {
    setLocalWork(key);
    try {
      return await run(work, fallback);
    } finally {
      setLocalWork(null);
    }
  };

  return {
    status,
    pending,
    clearStatus: clear,
    remove: (assets: readonly UserAsset[]) =>
      run(async () => {
        await removal.mutateAsync(assets);
        return null;
      }, Messages.failedToDelete),
    download: (assets: readonly UserAsset[]) =>
      local(
        'download',
        async () => {
          for (const asset of assets) await downloadFile(asset.public_url, downloadName(asset));
          return null;
        },
        Messages.failedToDownload,
      ),
    copyPrompt: (asset: UserAsset) =>
      local(
        'copy',
        async () => {
          await navigator.clipboard.writeText(asset.metadata.prompt);
          return Messages.promptCopied;
        },
        Messages.copyFailed,
      ),
    upscale: (asset: UserAsset) =>
      run(async () => {
        await upscale.mutateAsync(asset);
        return Messages.imageUpscaled;
      }, Messages.failedToUpscale),
    /** spec 2 §2 animation: a 3–12 s clip of the image, made as a job; it lands in Videos. */
    animate: (asset: UserAsset, options: { duration: number; aspectRatio: string }) =>
      run(async () => {
        await animation.mutateAsync({ asset, options, onStarted: () => show('success', Messages.animationStarted) });
        return Messages.animationReady;
      }, Messages.failedToAnimate),
    toggleFeatured: (asset: UserAsset) => run(async () => (await featuring.mutateAsync(asset)).message, Messages.failedToUpdateFeatured),
    associate: (asset: UserAsset, characterId: string) =>
      run(async () => {
        await association.mutateAsync({ asset, characterId });
        return Messages.imageAssociated;
      }, Messages.failedToAssociate),
  };
}
export type AssetActions = ReturnType<typeof useAssetActions>;
