import * as v from 'valibot';
import { Badge } from '../Badge/Badge';
import { text } from '../site/schema';

export const dashboardIllustrationContent = v.strictObject({
  /** The two floating badges of the spec's hero. */
  riskBadge: text,
  portfolioBadge: text,
  /** What the picture shows, for people who cannot see it. */
  description: text,
});

export type DashboardIllustrationProps = v.InferOutput<typeof dashboardIllustrationContent>;

const LINE =
  'M48 300 L90.9 292 L133.8 296 L176.7 280 L219.6 284 L262.5 268 L305.5 262 L348.4 266 L391.3 248 L434.2 240 L477.1 232 L520 214';
const TILES = [
  { x: 24, label: 'Exposure', value: '€248.6M' },
  { x: 200, label: 'Expected loss', value: '1.8%' },
  { x: 376, label: 'Open alerts', value: '12' },
] as const;

/**
 * The landing page's hero picture: a portfolio dashboard drawn for this site as SVG (crisp at any
 * size, coloured from the stylesheet), with the two status badges as real text over it.
 */
export function DashboardIllustration({ riskBadge, portfolioBadge, description }: DashboardIllustrationProps) {
  return (
    <figure className="c-dashboard-illustration">
      <svg className="c-dashboard-illustration__image" viewBox="0 0 560 380" width="560" height="380" role="img" aria-label={description}>
        <defs>
          <linearGradient id="dashboard-area" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" className="c-dashboard-illustration__stop-top" />
            <stop offset="1" className="c-dashboard-illustration__stop-bottom" />
          </linearGradient>
        </defs>
        <rect className="c-dashboard-illustration__frame" x="0.5" y="0.5" width="559" height="379" rx="16" />
        <path className="c-dashboard-illustration__bar" d="M16.5 0.5h527a16 16 0 0 1 16 16v19.5H0.5V16.5a16 16 0 0 1 16-16z" />
        <circle className="c-dashboard-illustration__dot" cx="22" cy="18" r="5" />
        <circle className="c-dashboard-illustration__dot" cx="40" cy="18" r="5" />
        <circle className="c-dashboard-illustration__dot" cx="58" cy="18" r="5" />
        <text className="c-dashboard-illustration__heading" x="280" y="23" textAnchor="middle">
          Portfolio overview
        </text>
        {TILES.map((tile) => (
          <g key={tile.label}>
            <rect className="c-dashboard-illustration__tile" x={tile.x} y="52" width="160" height="76" rx="10" />
            <text className="c-dashboard-illustration__label" x={tile.x + 16} y="80">
              {tile.label}
            </text>
            <text className="c-dashboard-illustration__value" x={tile.x + 16} y="112">
              {tile.value}
            </text>
          </g>
        ))}
        <rect className="c-dashboard-illustration__tile" x="24" y="144" width="512" height="212" rx="10" />
        <text className="c-dashboard-illustration__label" x="40" y="170">
          Portfolio value, last 12 months
        </text>
        {[220, 260, 300, 340].map((y) => (
          <line key={y} className="c-dashboard-illustration__grid" x1="40" x2="520" y1={y} y2={y} />
        ))}
        <path className="c-dashboard-illustration__area" d={`${LINE} L520 340 L48 340 Z`} fill="url(#dashboard-area)" />
        <path className="c-dashboard-illustration__line" d={LINE} />
        <circle className="c-dashboard-illustration__point" cx="520" cy="214" r="6" />
      </svg>
      <Badge tone="positive" icon="shield" className="c-dashboard-illustration__badge c-dashboard-illustration__badge--risk">
        {riskBadge}
      </Badge>
      <Badge tone="brand" icon="trendUp" className="c-dashboard-illustration__badge c-dashboard-illustration__badge--portfolio">
        {portfolioBadge}
      </Badge>
    </figure>
  );
}
