import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCreditsNeeded, type UpgradeDialogProps, AppPaths } from '@studio/contracts';
import { Alert, Dialog, Spinner } from '@studio/ui';
import { useAtomValue } from 'jotai';
import { profileAtom } from '@studio/session';
import { loadError } from '../../shared/load-error.ts';
import { usePlanRecommendation, usePlans } from './api.ts';
import { BillingToggle, PlanCards } from './PlanCards.tsx';
import type { BillingPeriod } from './pricing.ts';

/**
 * The upgrade dialog (spec 2 §2, §5): opens when credits are insufficient, or when a plan is
 * needed before generating (plan gating). Plans with Popular, monthly/annual with Save 20%.
 */
export function UpgradeDialog({ open, onClose, creditsNeeded, action }: UpgradeDialogProps) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const profile = useAtomValue(profileAtom);
  const plans = usePlans({ enabled: open });
  const recommendation = usePlanRecommendation({ enabled: open });
  if (!open) return null;
  const title = creditsNeeded !== undefined ? 'Not enough credits' : 'Choose a plan';
  const description =
    creditsNeeded !== undefined
      ? formatCreditsNeeded(creditsNeeded, action ?? 'continue')
      : 'Pick a plan to keep creating. Every plan adds credits each month.';
  return (
    <Dialog title={title} description={description} onClose={onClose} wide>
      <div style={{ display: 'grid', gap: '1rem' }}>
        <BillingToggle period={period} onChange={setPeriod} />
        {plans.isPending && <Spinner label="Loading plans" />}
        {plans.isError && <Alert tone="error">{loadError(plans.error)}</Alert>}
        {plans.isSuccess && (
          <PlanCards
            plans={plans.data.plans}
            period={period}
            recommendedPlanId={recommendation.data?.recommendedPlanId ?? null}
            currentTier={profile?.subscription_tier ?? null}
          />
        )}
        <p className="ac-note">
          Need a few credits only?{' '}
          <Link to={AppPaths.subscription} onClick={onClose}>
            See top-up packages
          </Link>
        </p>
      </div>
    </Dialog>
  );
}
