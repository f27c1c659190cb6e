/**
 * The icon set: lucide's glyphs, drawn from each icon's data (the shapes lucide itself draws) into
 * one <svg> with the shapes written as markup, rather than through lucide's React component per
 * icon, which costs more than the rest of a card to render. One module per icon: the package's
 * index would load all of its icons into every build.
 */
import * as Activity from 'lucide-react/icons/activity';
import * as ArrowLeft from 'lucide-react/icons/arrow-left';
import * as ArrowRight from 'lucide-react/icons/arrow-right';
import * as BadgeEuro from 'lucide-react/icons/badge-euro';
import * as Banknote from 'lucide-react/icons/banknote';
import * as BellRing from 'lucide-react/icons/bell-ring';
import * as Blocks from 'lucide-react/icons/blocks';
import * as BookOpen from 'lucide-react/icons/book-open';
import * as BrainCircuit from 'lucide-react/icons/brain-circuit';
import * as Building2 from 'lucide-react/icons/building-complex';
import * as Calculator from 'lucide-react/icons/calculator';
import * as CalendarClock from 'lucide-react/icons/calendar-clock';
import * as Car from 'lucide-react/icons/car';
import * as ChartLine from 'lucide-react/icons/chart-line';
import * as Check from 'lucide-react/icons/check';
import * as CircleCheck from 'lucide-react/icons/circle-check';
import * as ClipboardCheck from 'lucide-react/icons/clipboard-check';
import * as CodeXml from 'lucide-react/icons/code-xml';
import * as Cpu from 'lucide-react/icons/cpu';
import * as CreditCard from 'lucide-react/icons/credit-card';
import * as Database from 'lucide-react/icons/database';
import * as Eye from 'lucide-react/icons/eye';
import * as FileCheck2 from 'lucide-react/icons/file-check-corner';
import * as FileText from 'lucide-react/icons/file-text';
import * as Gauge from 'lucide-react/icons/gauge';
import * as GitBranch from 'lucide-react/icons/git-branch';
import * as HeartHandshake from 'lucide-react/icons/heart-handshake';
import * as Landmark from 'lucide-react/icons/landmark';
import * as LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import * as Lightbulb from 'lucide-react/icons/lightbulb';
import * as ListChecks from 'lucide-react/icons/list-checks';
import * as MapIcon from 'lucide-react/icons/map';
import * as Menu from 'lucide-react/icons/menu';
import * as MessageSquareText from 'lucide-react/icons/message-square-text';
import * as Network from 'lucide-react/icons/network';
import * as Plug from 'lucide-react/icons/plug';
import * as Radar from 'lucide-react/icons/radar';
import * as ReceiptText from 'lucide-react/icons/receipt-text';
import * as Rocket from 'lucide-react/icons/rocket';
import * as Rss from 'lucide-react/icons/rss';
import * as Scale from 'lucide-react/icons/scale';
import * as Search from 'lucide-react/icons/search';
import * as Send from 'lucide-react/icons/send';
import * as ShieldCheck from 'lucide-react/icons/shield-check';
import * as ShoppingCart from 'lucide-react/icons/shopping-cart';
import * as SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import * as Sparkles from 'lucide-react/icons/sparkles';
import * as Store from 'lucide-react/icons/store';
import * as Target from 'lucide-react/icons/target';
import * as Timer from 'lucide-react/icons/timer';
import * as TrendingDown from 'lucide-react/icons/trending-down';
import * as TrendingUp from 'lucide-react/icons/trending-up';
import * as TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import * as Truck from 'lucide-react/icons/truck';
import * as UserCheck from 'lucide-react/icons/user-check';
import * as Users from 'lucide-react/icons/users';
import * as Wallet from 'lucide-react/icons/wallet';
import * as Workflow from 'lucide-react/icons/workflow';
import * as X from 'lucide-react/icons/x';
import * as Zap from 'lucide-react/icons/zap';
import { createContext, useContext } from 'react';
import * as v from 'valibot';
import { brandIcons, type IconData } from './brand-icons';

/** The drawing a lucide icon module carries beside its component (lucide-react 1.x). */
function drawing(module: object): IconData {
  const data = (module as { __iconData?: IconData }).__iconData;
  if (!data?.node) throw new Error('A lucide-react icon module carries no __iconData: has the package changed?');
  return data;
}

/** The icons the site uses, by name: a typo in a name fails the type check. Rendered to inline SVG at build time. */
export const icons = {
  activity: drawing(Activity),
  alert: drawing(TriangleAlert),
  arrowLeft: drawing(ArrowLeft),
  arrowRight: drawing(ArrowRight),
  audit: drawing(FileCheck2),
  bank: drawing(Landmark),
  bell: drawing(BellRing),
  blocks: drawing(Blocks),
  book: drawing(BookOpen),
  brain: drawing(BrainCircuit),
  building: drawing(Building2),
  calculator: drawing(Calculator),
  calendar: drawing(CalendarClock),
  car: drawing(Car),
  chart: drawing(ChartLine),
  check: drawing(Check),
  checkCircle: drawing(CircleCheck),
  clipboard: drawing(ClipboardCheck),
  close: drawing(X),
  code: drawing(CodeXml),
  cpu: drawing(Cpu),
  creditCard: drawing(CreditCard),
  dashboard: drawing(LayoutDashboard),
  database: drawing(Database),
  euro: drawing(BadgeEuro),
  eye: drawing(Eye),
  file: drawing(FileText),
  gauge: drawing(Gauge),
  handshake: drawing(HeartHandshake),
  idea: drawing(Lightbulb),
  invoice: drawing(ReceiptText),
  list: drawing(ListChecks),
  map: drawing(MapIcon),
  menu: drawing(Menu),
  message: drawing(MessageSquareText),
  money: drawing(Banknote),
  network: drawing(Network),
  plug: drawing(Plug),
  radar: drawing(Radar),
  rocket: drawing(Rocket),
  rss: drawing(Rss),
  rules: drawing(SlidersHorizontal),
  scale: drawing(Scale),
  search: drawing(Search),
  send: drawing(Send),
  shield: drawing(ShieldCheck),
  sparkles: drawing(Sparkles),
  split: drawing(GitBranch),
  store: drawing(Store),
  target: drawing(Target),
  timer: drawing(Timer),
  trendDown: drawing(TrendingDown),
  trendUp: drawing(TrendingUp),
  truck: drawing(Truck),
  cart: drawing(ShoppingCart),
  userCheck: drawing(UserCheck),
  users: drawing(Users),
  wallet: drawing(Wallet),
  workflow: drawing(Workflow),
  zap: drawing(Zap),
  ...brandIcons,
} satisfies Record<string, IconData>;

export type IconName = keyof typeof icons;

/** An icon's name in content: one of the set above. */
export const iconName = v.picklist(Object.keys(icons) as IconName[], 'is not an icon of the set in components/Icon/Icon.tsx');

export interface IconProps {
  name: IconName;
  /** Added to `c-icon`, e.g. the element class of the block the icon sits in. */
  className?: string;
  /** Pixel size of the square viewbox; CSS may scale it. */
  size?: number;
}

const shapes = new Map<IconName, string>();

/** The glyph's shapes as markup, written once per icon. The values are lucide's path data and numbers. */
function shapesOf(name: IconName): string {
  let markup = shapes.get(name);
  if (markup === undefined) {
    markup = (icons[name] as IconData).node
      .map(([tag, { key: _key, ...attributes }]) => {
        const written = Object.entries(attributes).map(
          ([attribute, value]) => ` ${attribute}="${String(value).replace(/[&"<>]/g, escapeCharacter)}"`,
        );
        return `<${tag}${written.join('')}></${tag}>`;
      })
      .join('');
    shapes.set(name, markup);
  }
  return markup;
}

function escapeCharacter(character: string): string {
  return `&#${character.charCodeAt(0)};`;
}

/**
 * The URL of the icon sprite (`iconSprite()`, written by the build's icons step) that icons point
 * into; without one (a component rendered on its own), each icon carries its own shapes.
 */
export const IconSprite = createContext<string | undefined>(undefined);

/**
 * Every icon of the set as a <symbol> named after it, in one SVG file: pages point into it with
 * <use> instead of each carrying the shapes, 1.5 kB of gzipped HTML on the landing page; the file
 * is cached across pages and visits.
 */
export function iconSprite(): string {
  const symbols = (Object.keys(icons) as IconName[]).map((name) => `<symbol id="${name}" viewBox="0 0 24 24">${shapesOf(name)}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

/**
 * A decorative icon: hidden from assistive technology, its meaning carried by nearby text or an
 * accessible name. The stroke the icon set draws with is set once in the stylesheet (.c-icon), not
 * on each of the dozens of icons a page has, and reaches the sprite's shapes by inheritance; inline
 * SVG in HTML needs no xmlns.
 */
export function Icon({ name, className, size = 24 }: IconProps) {
  const sprite = useContext(IconSprite);
  const classes = className ? `c-icon ${className}` : 'c-icon';
  if (sprite) {
    return (
      <svg width={size} height={size} viewBox="0 0 24 24" className={classes} aria-hidden="true">
        <use href={`${sprite}#${name}`} />
      </svg>
    );
  }
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={classes}
      aria-hidden="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: shapes from the icon set's own data, escaped above.
      dangerouslySetInnerHTML={{ __html: shapesOf(name) }}
    />
  );
}
