// Writes app/assets/icons.svg, the sprite every icon on the site is drawn
// from: `npm run icons` after adding a name to app/lib/site/icons.ts or to the
// content icons in app/lib/content/schemas.ts. The drawings are Lucide's; the
// browser fetches them once, cached for a year, instead of every page's HTML
// and every visitor's JavaScript carrying them again.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  ArrowLeft,
  ArrowRight,
  ArrowUp,
  BarChart3,
  Bot,
  Briefcase,
  CalendarDays,
  Check,
  ChevronDown,
  ChevronRight,
  Code2,
  Compass,
  Gauge,
  Globe,
  HeartPulse,
  Home,
  Layers,
  LayoutTemplate,
  LineChart,
  Mail,
  MapPin,
  Megaphone,
  Menu,
  MessageCircle,
  Moon,
  PenTool,
  RefreshCw,
  Rss,
  Rocket,
  Search,
  Shield,
  ShoppingCart,
  Smartphone,
  Sparkles,
  Target,
  TrendingUp,
  Users,
  Video,
  Workflow,
  X,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { SpriteIconName } from '#app/lib/site/icons.ts'

export const spriteFile = fileURLToPath(new URL('../app/assets/icons.svg', import.meta.url))

const drawings: Record<SpriteIconName, LucideIcon> = {
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  'arrow-up': ArrowUp,
  'bar-chart': BarChart3,
  bot: Bot,
  briefcase: Briefcase,
  calendar: CalendarDays,
  check: Check,
  'chevron-down': ChevronDown,
  'chevron-right': ChevronRight,
  close: X,
  code: Code2,
  compass: Compass,
  gauge: Gauge,
  globe: Globe,
  'heart-pulse': HeartPulse,
  home: Home,
  layers: Layers,
  layout: LayoutTemplate,
  'line-chart': LineChart,
  mail: Mail,
  'map-pin': MapPin,
  megaphone: Megaphone,
  menu: Menu,
  'message-circle': MessageCircle,
  moon: Moon,
  'pen-tool': PenTool,
  refresh: RefreshCw,
  rss: Rss,
  rocket: Rocket,
  search: Search,
  shield: Shield,
  'shopping-cart': ShoppingCart,
  smartphone: Smartphone,
  sparkles: Sparkles,
  target: Target,
  'trending-up': TrendingUp,
  users: Users,
  video: Video,
  workflow: Workflow,
  zap: Zap,
}

/** The sprite's text: one `<symbol>` per icon name, in name order. */
export function renderIconSprite(): string {
  const symbols = Object.entries(drawings)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, drawing]) => {
      const markup = renderToStaticMarkup(createElement(drawing))
      const shapes = /^<svg[^>]*>(.*)<\/svg>$/s.exec(markup)?.[1]
      if (!shapes) throw new Error(`Icon ${name}: unexpected markup ${markup.slice(0, 80)}`)
      return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`
    })
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(spriteFile, renderIconSprite())
  console.log(`icons: wrote ${spriteFile}`)
}
