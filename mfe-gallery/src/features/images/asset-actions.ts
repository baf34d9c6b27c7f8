import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isJobFinished, JOB_POLL_MS, JOB_TIMEOUT_MS, Messages, type UserAsset } from '@studio/contracts';
import { ApiError, errorText, offerUpgrade } from '@studio/session';
import { deleteUserAsset, sessionQueryKeys } from '@studio/session/query';
import { useBanner } from '@studio/ui';
import { galleryKeys } from '../../lib/query-keys.ts';
import { associateWithCharacter, fetchJobStatus, setFeatured, startAnimation, upscaleImage } from './api.ts';

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
 * What a user can do to one of their assets (spec 2 §2 card actions and media viewer), each call
 * ending in the gallery and credits re-read; `status` is the last outcome, for one banner (it clears after 5 s).
 */
export function useAssetActions(userId: string) {
  const queryClient = useQueryClient();
  const { banner: status, show, clear } = useBanner();
  const [pending, setPending] = useState<string | null>(null);

  const refreshGallery = () => queryClient.invalidateQueries({ queryKey: galleryKeys.all });
  const run = async (key: string, work: () => Promise<string | null>, fallback: string): Promise<boolean> => {
    setPending(key);
    clear();
    try {
      const text = await work();
      if (text) show('success', text);
      return true;
    } catch (err) {
      show('error', errorText(err, fallback));
      return false;
    } finally {
      setPending(null);
    }
  };

  return {
    status,
    pending,
    clearStatus: clear,
    remove: (assets: readonly UserAsset[]) =>
      run(
        'delete',
        async () => {
          for (const asset of assets) await deleteUserAsset(userId, asset.id);
          await refreshGallery();
          return null;
        },
        Messages.failedToDelete,
      ),
    download: (assets: readonly UserAsset[]) =>
      run(
        'download',
        async () => {
          for (const asset of assets) await downloadFile(asset.public_url, downloadName(asset));
          return null;
        },
        Messages.failedToDownload,
      ),
    copyPrompt: (asset: UserAsset) =>
      run(
        'copy',
        async () => {
          await navigator.clipboard.writeText(asset.metadata.prompt);
          return Messages.promptCopied;
        },
        Messages.copyFailed,
      ),
    upscale: (asset: UserAsset) =>
      run(
        `upscale:${asset.id}`,
        async () => {
          try {
            await upscaleImage(userId, asset);
          } catch (err) {
            void offerUpgrade(err, 'upscale this image');
            throw err;
          } finally {
            void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
          }
          await refreshGallery();
          return Messages.imageUpscaled;
        },
        Messages.failedToUpscale,
      ),
    /** spec 2 §2 animation: a 3–12 s clip of the image, made as a job; it lands in Videos. */
    animate: (asset: UserAsset, options: { duration: number; aspectRatio: string }) =>
      run(
        `animate:${asset.id}`,
        async () => {
          let jobId: string;
          try {
            jobId = (await startAnimation(userId, asset, options)).jobId;
          } catch (err) {
            void offerUpgrade(err, 'animate this image');
            throw err;
          } finally {
            void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
          }
          show('success', Messages.animationStarted);
          const started = Date.now();
          for (;;) {
            await new Promise((r) => setTimeout(r, JOB_POLL_MS));
            const { job } = await fetchJobStatus(jobId);
            if (isJobFinished(job.status)) {
              void queryClient.invalidateQueries({ queryKey: sessionQueryKeys.credits });
              if (job.status !== 'COMPLETED')
                throw new ApiError(
                  502,
                  'upstream_failed',
                  `${Messages.failedToAnimate}: ${job.sections[0]?.error ?? job.error ?? 'Unknown error'}`,
                );
              await refreshGallery();
              return Messages.animationReady;
            }
            if (Date.now() - started > JOB_TIMEOUT_MS) throw new ApiError(504, 'timeout', Messages.videoTimedOutLater);
          }
        },
        Messages.failedToAnimate,
      ),
    toggleFeatured: (asset: UserAsset) =>
      run(
        `feature:${asset.id}`,
        async () => {
          const answer = await setFeatured(userId, asset.id, !asset.is_featured);
          await refreshGallery();
          return answer.message;
        },
        Messages.failedToUpdateFeatured,
      ),
    associate: (asset: UserAsset, characterId: string) =>
      run(
        `character:${asset.id}`,
        async () => {
          await associateWithCharacter(userId, characterId, asset.id);
          await refreshGallery();
          return Messages.imageAssociated;
        },
        Messages.failedToAssociate,
      ),
  };
}
export type AssetActions = ReturnType<typeof useAssetActions>;
