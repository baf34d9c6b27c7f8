import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { USAGE_ANALYTICS_DAYS } from '@studio/contracts';
import { Alert, Spinner } from '@studio/ui';
import { useUsage, useUsageLimits } from './api.ts';
import { loadError } from '../../shared/load-error.ts';
import { layoutBars, type DayValue } from './chart.ts';

const number = new Intl.NumberFormat('en-US');
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Storage sizes display in 1024 units (spec 1 §9). */
function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** `/app/analytics`: credits per day over 30 days, by task type, and usage against plan limits. */
export function AnalyticsPage() {
  const usage = useUsage(USAGE_ANALYTICS_DAYS);
  const limits = useUsageLimits();
  return (
    <div className="ac-page">
      <header>
        <h1 className="ac-h1">Usage analytics</h1>
        <p className="ac-sub">Credits you used in the last {USAGE_ANALYTICS_DAYS} days, and where you stand against your plan.</p>
      </header>
      {usage.isPending && <Spinner label="Loading usage" />}
      {usage.isError && <Alert tone="error">{loadError(usage.error)}</Alert>}
      {usage.isSuccess && (
        <>
          <section className="st-card ac-card-pad ac-section" aria-labelledby="daily-title">
            <div className="ac-section-head">
              <h2 id="daily-title" className="ac-h2">
                Credits used per day
              </h2>
              <p className="ac-note">
                <strong style={{ color: 'var(--st-ink)' }}>{number.format(usage.data.totalUsed)}</strong> credits in {usage.data.days} days
              </p>
            </div>
            <DailyChart days={usage.data.byDay} />
          </section>
          <section className="st-card ac-card-pad ac-section" aria-labelledby="task-title">
            <h2 id="task-title" className="ac-h2">
              By task type
            </h2>
            {usage.data.byTaskType.length === 0 ? (
              <p className="ac-note">Nothing generated in this period yet.</p>
            ) : (
              <div style={{ display: 'grid', gap: '.75rem' }}>
                {usage.data.byTaskType.map((t) => {
                  const share = usage.data.totalUsed > 0 ? (t.credits / usage.data.totalUsed) * 100 : 0;
                  return (
                    <div key={t.taskType} className="ac-task-row">
                      <span style={{ textTransform: 'capitalize', fontWeight: 600 }}>{t.taskType.replace(/_/g, ' ')}</span>
                      <div className="ac-meter" role="img" aria-label={`${Math.round(share)}% of credits`}>
                        <span style={{ width: `${share}%` }} />
                      </div>
                      <span>
                        {number.format(t.credits)} credits · {number.format(t.count)}×
                      </span>
                    </div>
                  );
                })}
              </div>
            )}
          </section>
        </>
      )}
      {limits.isError && <Alert tone="error">{loadError(limits.error)}</Alert>}
      {limits.isSuccess && (
        <section className="ac-grid-3" aria-label="Plan limits">
          <Meter
            label="Storage used"
            value={formatBytes(limits.data.storageUsedBytes)}
            of={`${number.format(limits.data.limits.storageGB)} GB`}
            ratio={limits.data.storageUsedBytes / (limits.data.limits.storageGB * 1024 ** 3)}
          />
          <Meter
            label="Videos this month"
            value={number.format(limits.data.videosThisMonth)}
            of={number.format(limits.data.limits.videosPerMonth)}
            ratio={limits.data.videosThisMonth / limits.data.limits.videosPerMonth}
          />
          <div className="st-card ac-stat">
            <span className="ac-stat-label">Longest video</span>
            <span className="ac-stat-value">{number.format(limits.data.limits.maxVideoLength)} s</span>
            <span className="ac-note">on the {limits.data.tier} plan</span>
          </div>
        </section>
      )}
    </div>
  );
}

function Meter({ label, value, of, ratio }: { label: string; value: string; of: string; ratio: number }) {
  const pct = Math.min(100, Math.max(0, ratio * 100));
  return (
    <div className="st-card ac-stat">
      <span className="ac-stat-label">{label}</span>
      <span className="ac-stat-value">{value}</span>
      <div className="ac-meter" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(pct)}>
        <span style={{ width: `${pct}%` }} />
      </div>
      <span className="ac-note">of {of}</span>
    </div>
  );
}

/**
 * The chart is drawn at the width it has on screen (one SVG unit a pixel), so its labels keep their
 * 11 px on a phone instead of shrinking with a fixed view box.
 */
function useWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.round(element.clientWidth)) || fallback);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width];
}

function DailyChart({ days }: { days: DayValue[] }) {
  const [wrap, width] = useWidth<HTMLDivElement>(720);
  return (
    <div ref={wrap} className="ac-chart-wrap">
      <DailyChartSvg days={days} width={width} />
    </div>
  );
}

function DailyChartSvg({ days, width }: { days: DayValue[]; width: number }) {
  const titleId = useId();
  const W = width;
  const H = 220;
  const left = 36;
  const bottom = 24;
  const chart = layoutBars(days, W - left, H - bottom - 8);
  const total = days.reduce((s, d) => s + d.credits, 0);
  return (
    <svg className="ac-chart" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{`Credits used per day over ${days.length} days, ${total} in total`}</title>
      <g transform="translate(0 8)">
        {chart.ticks.map((t) => (
          <g key={t.value}>
            <line x1={left} x2={W} y1={t.y} y2={t.y} stroke="var(--st-line)" />
            <text x={left - 6} y={t.y + 4} textAnchor="end">
              {t.value}
            </text>
          </g>
        ))}
        <g transform={`translate(${left} 0)`}>
          {chart.bars.map((b, i) => (
            <g key={b.date}>
              <rect
                x={b.x}
                y={b.y}
                width={b.width}
                height={Math.max(b.height, b.credits > 0 ? 2 : 0)}
                rx={Math.min(3, b.width / 2)}
                fill="var(--st-accent-600)"
              >
                <title>{`${shortDate.format(new Date(b.date))}: ${b.credits} credits`}</title>
              </rect>
              {(i === chart.bars.length - 1 || (i % 7 === 0 && i < chart.bars.length - 4)) && (
                <text
                  x={b.x + b.width / 2}
                  y={H - bottom + 8}
                  textAnchor={i === chart.bars.length - 1 ? 'end' : i === 0 ? 'start' : 'middle'}
                >
                  {shortDate.format(new Date(b.date))}
                </text>
              )}
            </g>
          ))}
        </g>
      </g>
    </svg>
  );
}
