import { z } from 'zod'
import { articleCategories } from '#app/lib/categories.ts'
import { classifyHref, HREF_RULE } from '#app/lib/links.ts'
import { brandedTitleMax } from '#app/lib/seo.ts'
import { MarkdownError, renderInline, renderMarkdown } from './markdown.server.ts'

/**
 * Schemas of every content file's frontmatter. A file that does not fit
 * fails the build with its name and the field (collections.server.ts).
 * Components import only the inferred types, so zod never ships to the browser.
 *
 * Text fields are plain text unless documented as Markdown: a plain field
 * that holds Markdown or HTML is refused, because a visitor would read the
 * raw `[label](/path)` or `**bold**`. Markdown fields are rendered here, at
 * build time, so components receive `{ html }` and never parse anything.
 */

const markup = /\[[^\]]*\]\([^)]*\)|\*\*[^*]+\*\*|<\/?[a-z][^>]*>/i

/** Plain text of `min`-`max` characters; `tooLong` says why the limit is what it is. */
const text = (min: number, max: number, tooLong?: string) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max, tooLong === undefined ? undefined : { error: tooLong })
    .refine((value) => !markup.test(value), {
      error: 'is plain text: Markdown links, **emphasis** and HTML tags would show as typed',
    })

/** Markdown rendered to HTML, as components receive it. */
export interface RichText {
  html: string
}

function markdownField(min: number, max: number, render: (source: string) => string) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .transform((source, context): RichText => {
      try {
        return { html: render(source) }
      } catch (error) {
        if (!(error instanceof MarkdownError)) throw error
        context.addIssue({ code: 'custom', message: error.message })
        return z.NEVER
      }
    })
}

/** Inline Markdown (links, emphasis) of `min`-`max` characters: one paragraph's worth. */
const inlineMarkdown = (min: number, max: number) => markdownField(min, max, renderInline)
/** Block Markdown (paragraphs, headings, lists, tables) of `min`-`max` characters. */
const blockMarkdown = (min: number, max: number) => markdownField(min, max, renderMarkdown)

/**
 * Where a link goes: a page of the site (optionally with ?query or #hash),
 * an #anchor on the same page, an https:// address (opens in a new tab) or
 * one of two named destinations: `booking` (the strategy-call calendar,
 * opens in a new tab) and `email` (the agency's address). The rule lives in
 * app/lib/links.ts, shared with the Markdown renderer and the components,
 * so content can never hold a broken internal link.
 */
export const hrefSchema = z
  .string()
  .trim()
  .superRefine((href, context) => {
    const result = classifyHref(href)
    if (!result.ok) context.addIssue({ code: 'custom', message: result.reason || HREF_RULE })
  })

export const linkSchema = z.strictObject({
  /** Button or link text, 2-40 characters. */
  label: text(2, 40),
  href: hrefSchema,
})
export type ContentLink = z.infer<typeof linkSchema>

/** Names of the icons content may use (drawn from the sprite, scripts/icon-sprite.ts). */
export const iconNames = [
  'bar-chart',
  'bot',
  'briefcase',
  'calendar',
  'code',
  'compass',
  'gauge',
  'globe',
  'heart-pulse',
  'layers',
  'layout',
  'line-chart',
  'mail',
  'map-pin',
  'megaphone',
  'message-circle',
  'pen-tool',
  'rocket',
  'search',
  'shield',
  'shopping-cart',
  'smartphone',
  'sparkles',
  'target',
  'trending-up',
  'users',
  'video',
  'workflow',
  'zap',
] as const
export const iconSchema = z.enum(iconNames)
export type IconName = z.infer<typeof iconSchema>

/**
 * A search-result title, 10-58 characters, so that " | Northpeak", appended
 * unless it names the brand, keeps it within the 70 that search results show
 * (docs/product.md#search-metadata).
 */
const searchTitle = () =>
  text(
    10,
    brandedTitleMax,
    `is longer than ${brandedTitleMax} characters: with " | Northpeak" it would pass the 70 that search results show`,
  )

/** Fields every page shares: search metadata and the page header. */
const seoFields = {
  /** Search-result title, 10-58 characters (`searchTitle`). */
  title: searchTitle(),
  /** Meta description, 70-165 characters: what a searcher gets from the page. */
  description: text(70, 165),
  /** 3-12 search phrases. */
  keywords: z.array(text(2, 60)).min(3).max(12),
  /** The page's h1, 10-90 characters. */
  heading: text(10, 90),
  /** One or two sentences under the h1, 40-320 characters. */
  lede: text(40, 320),
}

const statSchema = z.strictObject({
  /** The figure as shown, e.g. "127%" or "3.4x", at most 12 characters. */
  value: text(1, 12),
  /** What the figure measures, 3-80 characters. */
  label: text(3, 80),
})

/**
 * A figure as a number and its unit: "1.8x" is 1.8 and "x", "94 days" is 94 and
 * " days", "$1.2M" is 1.2 with "$" and "M". Undefined for anything else.
 */
export function parseFigure(figure: string): { number: number; unit: string } | undefined {
  const match = /^([$]?)(\d+(?:\.\d+)?)(x|%|M|K| days| weeks)?$/.exec(figure)
  return match ? { number: Number(match[2]), unit: `${match[1]}${match[3] ?? ''}` } : undefined
}

/**
 * A case study's result: a headline figure, and where a measure moved from one
 * level to another, the level it started at (docs/product.md#case-studies).
 */
const resultSchema = statSchema
  .extend({
    /**
     * Where the measure stood before the engagement, as the case study states it,
     * e.g. "1.8x" for a `value` of "4.1x": the page then shows before and after,
     * and draws them as two bars. Both must be plain figures of the same unit.
     */
    before: text(1, 12).optional(),
  })
  .superRefine((result, context) => {
    if (result.before === undefined) return
    const before = parseFigure(result.before)
    const after = parseFigure(result.value)
    if (!before || !after || before.unit !== after.unit)
      context.addIssue({
        code: 'custom',
        path: ['before'],
        message: `"${result.before}" and "${result.value}" must be figures of the same unit, such as "1.8x" and "4.1x"`,
      })
  })
export type CaseStudyResult = z.infer<typeof resultSchema>

const faqItemSchema = z.strictObject({
  question: text(10, 160),
  /** Inline Markdown (links, emphasis), 40-900 characters. */
  answer: inlineMarkdown(40, 900),
})

const cardSchema = z.strictObject({
  title: text(2, 80),
  /** Plain text, 20-420 characters. */
  body: text(20, 420),
  icon: iconSchema.optional(),
  /** Bullet points under the body, at most 8 of 3-140 characters. */
  points: z.array(text(3, 140)).max(8).optional(),
  /** Makes the card a link. */
  link: linkSchema.optional(),
})

const stepSchema = z.strictObject({
  title: text(2, 80),
  /** Plain text, 20-500 characters. */
  body: text(20, 500),
  /** How long the step takes, e.g. "Week 1-2". */
  duration: text(2, 30).optional(),
})

/** Blocks a top-level page is assembled from, rendered in the order given. */
export const sectionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('features'),
    /** Small label above the title. */
    eyebrow: text(2, 40).optional(),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    /** The most columns on wide screens; fewer where that would leave one card alone in the last row. */
    columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
    items: z.array(cardSchema).min(2).max(12),
  }),
  z.strictObject({
    type: z.literal('steps'),
    eyebrow: text(2, 40).optional(),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    items: z.array(stepSchema).min(2).max(8),
  }),
  z.strictObject({
    type: z.literal('stats'),
    title: text(3, 90).optional(),
    intro: text(20, 400).optional(),
    items: z.array(statSchema).min(2).max(6),
  }),
  z.strictObject({
    type: z.literal('faq'),
    title: text(3, 90),
    items: z.array(faqItemSchema).min(2).max(12),
  }),
  z.strictObject({
    type: z.literal('cta'),
    title: text(3, 90),
    body: text(20, 400),
    primary: linkSchema,
    secondary: linkSchema.optional(),
    /** Small print under the buttons. */
    note: text(3, 160).optional(),
  }),
  z.strictObject({
    type: z.literal('prose'),
    title: text(3, 90).optional(),
    /** Markdown: paragraphs, headings, lists, tables; 40-12,000 characters. */
    body: blockMarkdown(40, 12000),
  }),
  z.strictObject({
    type: z.literal('quote'),
    quote: text(20, 500),
    author: text(2, 60),
    role: text(2, 90),
  }),
  z.strictObject({
    /** Cards of a content family, filled in from the registry and the family's files. */
    type: z.literal('collection'),
    eyebrow: text(2, 40).optional(),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    collection: z.enum(['services', 'case-studies', 'locations', 'articles', 'industries']),
    /** Show only the first N entries (newest first for articles). */
    limit: z.number().int().min(1).max(50).optional(),
    link: linkSchema.optional(),
  }),
  z.strictObject({
    /** Every indexable page of the registry, grouped. */
    type: z.literal('sitemap'),
  }),
  z.strictObject({
    type: z.literal('pricing'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    plans: z
      .array(
        z.strictObject({
          name: text(2, 40),
          /** As shown, e.g. "$4,500". */
          price: text(1, 20),
          /** e.g. "per month". */
          period: text(2, 30).optional(),
          description: text(20, 240),
          features: z.array(text(3, 140)).min(2).max(12),
          cta: linkSchema,
          /** Highlighted as the most chosen plan. */
          featured: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(4),
    note: text(10, 400).optional(),
  }),
  z.strictObject({
    type: z.literal('team'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    members: z
      .array(
        z.strictObject({
          name: text(3, 60),
          role: text(3, 80),
          bio: text(40, 500),
          /** Short specialties. */
          focus: z.array(text(2, 40)).max(5).optional(),
        }),
      )
      .min(2)
      .max(24),
  }),
  z.strictObject({
    /** Tool names in groups, e.g. integrations by category. */
    type: z.literal('list'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    groups: z
      .array(z.strictObject({ title: text(2, 60), items: z.array(text(2, 60)).min(2).max(20) }))
      .min(1)
      .max(12),
  }),
  z.strictObject({
    /**
     * One group of an audit checklist. Its points are numbered on from the
     * page's previous checklist groups, so a page reads 1 to N straight through.
     */
    type: z.literal('checklist'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    items: z
      .array(
        z.strictObject({
          /** What to check, as a short instruction, 10-120 characters. */
          title: text(10, 120),
          /** How to check it: where to look, what to run or count, 40-480 characters. */
          how: text(40, 480),
          /** What good looks like: the bar to meet, 20-320 characters. */
          good: text(20, 320),
        }),
      )
      .min(3)
      .max(12),
  }),
  z.strictObject({
    /**
     * A market at a glance, under the header of an industry page: two or
     * three facts from the page's own copy, each a big figure or name and
     * what it is (the band the city pages build from their fields).
     */
    type: z.literal('key-facts'),
    title: text(3, 90),
    items: z
      .array(
        z
          .strictObject({
            icon: iconSchema,
            /** What the fact is, e.g. "Services online stores combine", 3-80 characters. */
            term: text(3, 80),
            /** The big figure or name, 1-40 characters. */
            value: text(1, 40),
            /** The names behind a count, listed under it. */
            items: z.array(text(2, 60)).min(2).max(8).optional(),
          })
          .refine((fact) => !fact.items || !/^\d+$/.test(fact.value) || Number(fact.value) === fact.items.length, {
            error: 'counts its items: a value that is a number must be how many items are listed',
          }),
      )
      .min(2)
      .max(3),
  }),
  z.strictObject({
    /** The ways to reach the agency: booking calendar and email from the site config. */
    type: z.literal('contact'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
    /** Text beside the booking button. */
    booking: text(20, 300),
    /** Text beside the email address. */
    email: text(20, 300),
  }),
])
export type Section = z.infer<typeof sectionSchema>

/** content/pages/<path>.md: home (home.md) and every top-level page. */
export const pageSchema = z.strictObject({
  ...seoFields,
  /** Small label above the h1. */
  eyebrow: text(2, 40).optional(),
  /** Up to two buttons under the lede. */
  actions: z.array(linkSchema).max(2).optional(),
  /**
   * Shows the first result of every case study beside the h1 on wide screens,
   * under it on narrow ones (the home page, docs/product.md#top-level-pages).
   */
  resultsPanel: z.boolean().optional(),
  sections: z.array(sectionSchema).default([]),
})
export type PageFrontmatter = z.infer<typeof pageSchema>

/** content/services/<slug>.md */
export const serviceSchema = z.strictObject({
  ...seoFields,
  /** Card text on overview pages, 60-200 characters. */
  summary: text(60, 200),
  icon: iconSchema,
  /** 2-4 headline figures. */
  outcomes: z.array(statSchema).min(2).max(4),
  /** What the client gets, 3-8 cards. */
  deliverables: z.array(cardSchema).min(3).max(8),
  /** How the work runs, 3-6 steps. */
  process: z.array(stepSchema).min(3).max(6),
  faq: z.array(faqItemSchema).min(3).max(8),
  /** Slugs of related case studies (content/case-studies). */
  caseStudies: z.array(z.string()).max(3).default([]),
})
export type ServiceFrontmatter = z.infer<typeof serviceSchema>

/** content/case-studies/<slug>.md */
export const caseStudySchema = z.strictObject({
  ...seoFields,
  summary: text(60, 200),
  /** The client as named publicly (may be a description, e.g. "a Series A fintech"). */
  client: text(3, 80),
  industry: text(3, 60),
  /** How long the engagement ran, e.g. "9 months". */
  duration: text(2, 30),
  /** Slugs of the services used (content/services). */
  services: z.array(z.string()).min(1).max(6),
  /** 3-4 headline results; the first is the one the home page's results panel shows. */
  results: z.array(resultSchema).min(3).max(4),
  quote: z
    .strictObject({ quote: text(20, 500), author: text(2, 60), role: text(2, 90) })
    .optional(),
})
export type CaseStudyFrontmatter = z.infer<typeof caseStudySchema>

/** content/cities/<slug>.md */
export const citySchema = z.strictObject({
  ...seoFields,
  summary: text(60, 200),
  city: text(2, 40),
  /** State, e.g. "Florida". */
  region: text(2, 40),
  /** Local industries the agency serves there, 3-6 cards. */
  industries: z.array(cardSchema).min(3).max(6),
  /** Slugs of the services most asked for in this market. */
  services: z.array(z.string()).min(2).max(6),
  faq: z.array(faqItemSchema).min(2).max(6),
})
export type CityFrontmatter = z.infer<typeof citySchema>


/** content/blog/<slug>.md */
export const articleSchema = z.strictObject({
  /** Headline: the h1, and the search-result title unless `searchTitle` is given; 10-90 characters. */
  title: text(10, 90),
  /**
   * The search-result title when the headline is too long to carry
   * " | Northpeak" within what search results show (docs/product.md#search-metadata);
   * 10-58 characters.
   */
  searchTitle: searchTitle().optional(),
  description: text(70, 165),
  keywords: z.array(text(2, 60)).min(3).max(12),
  category: z.enum(articleCategories),
  /** Extra topic tags shown beside the category. */
  tags: z.array(text(2, 30)).max(5).default([]),
  /** Publication date, YYYY-MM-DD. Never changes: it is `datePublished`. */
  date: z.iso.date(),
  /**
   * The date of the last review that changed what the article says, YYYY-MM-DD,
   * not before `date`. Shown as "Updated <date>" beside the publication date, and
   * the article's `dateModified` and sitemap `<lastmod>` (docs/product.md#article-catalogue).
   */
  updated: z.iso.date().optional(),
  /** Minutes; the body must hold at least 150 words per minute (docs/product.md#article-catalogue). */
  readTime: z.number().int().min(1).max(30),
  /** Featured in related-reading cards. */
  popular: z.boolean().optional(),
  /** The closing call to action and its button (docs/product.md#closing-calls-to-action). */
  cta: z.strictObject({
    title: text(5, 90),
    body: text(20, 300),
    /** The button's label. */
    label: text(3, 40),
    /** Where the button goes: /contact unless it names another place, such as "booking" (the strategy call). */
    href: hrefSchema.optional(),
    /** A short line above the title, such as a time-limited offer. */
    badge: text(5, 60).optional(),
    /** A second, quieter button. */
    secondary: linkSchema.optional(),
    /** Small print under the buttons. */
    note: text(10, 160).optional(),
  }),
})
  .refine((article) => article.updated === undefined || article.updated >= article.date, {
    path: ['updated'],
    error: 'must not be before the publication date ("date")',
  })
  .refine((article) => article.searchTitle !== undefined || article.title.length <= brandedTitleMax, {
    path: ['searchTitle'],
    error: `is required when the title is longer than ${brandedTitleMax} characters: with " | Northpeak" it would pass the 70 that search results show`,
  })
export type ArticleFrontmatter = z.infer<typeof articleSchema>

/** content/categories/<slug>.md: the page of one blog category, which lists its articles. */
export const categorySchema = z.strictObject({
  /** The category this page lists; the file's name is its slug ("Paid Ads" in paid-ads.md). */
  category: z.enum(articleCategories),
  /** Search-result title, 10-58 characters (`searchTitle`). */
  title: searchTitle(),
  description: text(70, 165),
  /** The h1. */
  heading: text(2, 60),
  /** What a reader finds here and who it is for. */
  lede: text(80, 320),
  /** Slug of the service page closest to the category, linked from the page. */
  service: z.string().optional(),
})
export type CategoryFrontmatter = z.infer<typeof categorySchema>
