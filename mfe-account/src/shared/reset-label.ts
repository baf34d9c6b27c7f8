/**
 * The credit reset shown next to the balance: "in N days", "Soon" once the date has come (the
 * reset is applied on the next credit read), "Pending" when no reset date is set yet.
 */
const DAY_MS = 86_400_000;

export function resetDateLabel(resetDate: string | null, now: number): string {
  if (!resetDate) return 'Pending';
  const at = Date.parse(resetDate);
  if (Number.isNaN(at)) return 'Pending';
  const days = Math.ceil((at - now) / DAY_MS);
  if (days <= 0) return 'Soon';
  return days === 1 ? 'in 1 day' : `in ${days} days`;
}
