// One module per icon: the package's index would load all of its icons into every build (~140 ms).
import type { LucideIcon } from 'lucide-react';
import Activity from 'lucide-react/icons/activity';
import ArrowRight from 'lucide-react/icons/arrow-right';
import BadgeEuro from 'lucide-react/icons/badge-euro';
import Banknote from 'lucide-react/icons/banknote';
import BellRing from 'lucide-react/icons/bell-ring';
import Blocks from 'lucide-react/icons/blocks';
import BookOpen from 'lucide-react/icons/book-open';
import BrainCircuit from 'lucide-react/icons/brain-circuit';
import Building2 from 'lucide-react/icons/building-2';
import Calculator from 'lucide-react/icons/calculator';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Car from 'lucide-react/icons/car';
import ChartLine from 'lucide-react/icons/chart-line';
import Check from 'lucide-react/icons/check';
import CircleCheck from 'lucide-react/icons/circle-check';
import ClipboardCheck from 'lucide-react/icons/clipboard-check';
import CodeXml from 'lucide-react/icons/code-xml';
import Cpu from 'lucide-react/icons/cpu';
import CreditCard from 'lucide-react/icons/credit-card';
import Database from 'lucide-react/icons/database';
import Eye from 'lucide-react/icons/eye';
import FileCheck2 from 'lucide-react/icons/file-check-2';
import FileText from 'lucide-react/icons/file-text';
import Gauge from 'lucide-react/icons/gauge';
import GitBranch from 'lucide-react/icons/git-branch';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import Landmark from 'lucide-react/icons/landmark';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Lightbulb from 'lucide-react/icons/lightbulb';
import ListChecks from 'lucide-react/icons/list-checks';
import Map from 'lucide-react/icons/map';
import Menu from 'lucide-react/icons/menu';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Network from 'lucide-react/icons/network';
import Plug from 'lucide-react/icons/plug';
import Radar from 'lucide-react/icons/radar';
import ReceiptText from 'lucide-react/icons/receipt-text';
import Rocket from 'lucide-react/icons/rocket';
import Scale from 'lucide-react/icons/scale';
import Search from 'lucide-react/icons/search';
import Send from 'lucide-react/icons/send';
import ShieldCheck from 'lucide-react/icons/shield-check';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import Sparkles from 'lucide-react/icons/sparkles';
import Store from 'lucide-react/icons/store';
import Target from 'lucide-react/icons/target';
import Timer from 'lucide-react/icons/timer';
import TrendingDown from 'lucide-react/icons/trending-down';
import TrendingUp from 'lucide-react/icons/trending-up';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Truck from 'lucide-react/icons/truck';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import Wallet from 'lucide-react/icons/wallet';
import Workflow from 'lucide-react/icons/workflow';
import X from 'lucide-react/icons/x';
import Zap from 'lucide-react/icons/zap';

/** The icons the site uses, by name: a typo in a name fails the type check. Rendered to inline SVG at build time. */
export const icons = {
  activity: Activity,
  alert: TriangleAlert,
  arrowRight: ArrowRight,
  audit: FileCheck2,
  bank: Landmark,
  bell: BellRing,
  blocks: Blocks,
  book: BookOpen,
  brain: BrainCircuit,
  building: Building2,
  calculator: Calculator,
  calendar: CalendarClock,
  car: Car,
  chart: ChartLine,
  check: Check,
  checkCircle: CircleCheck,
  clipboard: ClipboardCheck,
  close: X,
  code: CodeXml,
  cpu: Cpu,
  creditCard: CreditCard,
  dashboard: LayoutDashboard,
  database: Database,
  euro: BadgeEuro,
  eye: Eye,
  file: FileText,
  gauge: Gauge,
  handshake: HeartHandshake,
  idea: Lightbulb,
  invoice: ReceiptText,
  list: ListChecks,
  map: Map,
  menu: Menu,
  message: MessageSquareText,
  money: Banknote,
  network: Network,
  plug: Plug,
  radar: Radar,
  rocket: Rocket,
  rules: SlidersHorizontal,
  scale: Scale,
  search: Search,
  send: Send,
  shield: ShieldCheck,
  sparkles: Sparkles,
  split: GitBranch,
  store: Store,
  target: Target,
  timer: Timer,
  trendDown: TrendingDown,
  trendUp: TrendingUp,
  truck: Truck,
  cart: ShoppingCart,
  userCheck: UserCheck,
  users: Users,
  wallet: Wallet,
  workflow: Workflow,
  zap: Zap,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

export interface IconProps {
  name: IconName;
  className?: string;
  /** Pixel size of the square viewbox; CSS may scale it. */
  size?: number;
}

/** A decorative icon: hidden from assistive technology, its meaning carried by nearby text or an accessible name. */
export function Icon({ name, className = 'c-icon', size = 24 }: IconProps) {
  const Glyph = icons[name];
  return <Glyph className={className} size={size} aria-hidden="true" focusable="false" />;
}
