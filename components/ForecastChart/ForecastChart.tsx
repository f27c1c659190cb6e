import * as v from 'valibot';
import { list, text } from '../site/schema';

export const forecastChartContent = v.strictObject({
  /** What the chart shows, for people who cannot see it. */
  description: text,
  title: text,
  /** Bars of the hotspot breakdown: label and share of the maximum (0–1); the highest is highlighted. */
  segments: list(
    v.strictObject({
      label: text,
      level: v.pipe(v.number(), v.gtValue(0, 'must be above 0'), v.maxValue(1, 'must be at most 1')),
    }),
  ),
});

export type ForecastChartProps = v.InferOutput<typeof forecastChartContent>;

const HISTORY = 'M40 150 L80 146 L120 150 L160 140 L200 136';
const FORECAST = 'M200 136 L240 126 L280 118 L320 104';
const BAND = 'M200 136 L240 114 L280 98 L320 76 L320 130 L280 136 L240 138 L200 136 Z';

/** Risk forecasting picture: a default-rate forecast with its uncertainty band, and sector hotspots. */
export function ForecastChart({ description, title, segments }: ForecastChartProps) {
  const highest = Math.max(...segments.map((segment) => segment.level));
  return (
    <figure className="c-forecast-chart">
      <svg className="c-forecast-chart__image" viewBox="0 0 360 320" width="360" height="320" role="img" aria-label={description}>
        <rect className="c-forecast-chart__frame" x="0.5" y="0.5" width="359" height="319" rx="14" />
        <text className="c-forecast-chart__title" x="24" y="34">
          {title}
        </text>
        {[70, 110, 150].map((y) => (
          <line key={y} className="c-forecast-chart__grid" x1="24" x2="336" y1={y} y2={y} />
        ))}
        <path className="c-forecast-chart__band" d={BAND} />
        <path className="c-forecast-chart__history" d={HISTORY} />
        <path className="c-forecast-chart__prediction" d={FORECAST} />
        <line className="c-forecast-chart__today" x1="200" x2="200" y1="56" y2="166" />
        <text className="c-forecast-chart__note" x="206" y="62">
          today
        </text>
        {segments.map((segment, index) => {
          const y = 196 + index * 28;
          const width = 180 * (segment.level / highest);
          return (
            <g key={segment.label}>
              <text className="c-forecast-chart__note" x="24" y={y + 13}>
                {segment.label}
              </text>
              <rect
                className={segment.level === highest ? 'c-forecast-chart__bar c-forecast-chart__bar--hot' : 'c-forecast-chart__bar'}
                x="140"
                y={y}
                width={width.toFixed(1)}
                height="16"
                rx="4"
              />
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
