import { z } from 'astro/zod'
import { articleCategories, topicNames } from '#app/lib/content/categories.ts'
import { classifyHref, HREF_RULE } from '#app/lib/content/links.ts'
import { contentIdOf, pages, type CollectionName } from '#app/lib/site/registry.ts'
import { brandedTitleMax } from '#app/lib/site/seo.ts'
import { MarkdownError, renderInline, renderMarkdown } from '#app/lib/content/markdown.ts'

/**
 * Schemas of every content file's frontmatter, one per collection
 * (`collectionSchemas`, app/content.config.ts). A file that does not fit
 * fails the build with its name and the field (./loader.ts).
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
 * A picture a file names by its path from the file (`./maya-okafor/photo.jpg`,
 * where the content editor puts an upload): Astro's `image()` in the
 * collections (app/content.config.ts), which reads its size and hands it to
 * the image pipeline; `checkedImage` in the loader's own check and in tests.
 * The editor shows it as an image upload (./editor/fields.tsx).
 */
export type ImageField = () => z.ZodType

/** The picture formats the image pipeline takes from a content file. */
export const IMAGE_FILE = /\.(?:png|jpe?g|webp|avif)$/i
export const IMAGE_FILE_NAMES = '.png, .jpg, .webp or .avif'

/** A picture's path, checked for its format (Astro's `image()` checks the file itself). */
export const checkedImage: ImageField = () =>
  z.string().trim().regex(IMAGE_FILE, { error: `is a picture: a ${IMAGE_FILE_NAMES} file` })

/** What a field may name: a page's file, or a member of the team (content/team/<slug>.yaml, an article's author). */
export type Referable = CollectionName | 'team'

/** Another collection's file, as a field that names it holds it once parsed. */
export interface ContentReference<C extends Referable = CollectionName> {
  collection: C
  id: string
}

/**
 * How a field names a file of another collection: Astro's `reference()` in
 * the collections (app/content.config.ts), `registryReference` in the
 * loader's own check and in tests. Both take the file's id (its slug).
 */
export type Reference = <C extends Referable>(collection: C) => z.ZodType<ContentReference<C>, string>

/**
 * A file's id that must be a page of `collection` in the registry
 * (app/lib/site/registry.ts). A member of the team is a file name here; the
 * loader finds the file (./loader.ts), as Astro's `reference()` does.
 */
export const registryReference: Reference = <C extends Referable>(collection: C) => {
  if (collection === 'team') {
    return z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'names a member of the team by their file in content/team, such as maya-okafor' })
      .transform((id): ContentReference<C> => ({ collection, id }))
  }
  const known = pages.filter((entry) => entry.collection === collection).map(contentIdOf)
  return z
    .string()
    .refine((id) => known.includes(id), { error: (issue) => `"${String(issue.input)}" is not one of ${known.join(', ')}` })
    .transform((id): ContentReference<C> => ({ collection, id }))
}

/**
 * Where a link goes: a page of the site (optionally with ?query or #hash),
 * an #anchor on the same page, an https:// address (opens in a new tab) or
 * one of two named destinations: `booking` (the strategy-call calendar,
 * opens in a new tab) and `email` (the agency's address). The rule lives in
 * app/lib/content/links.ts, shared with the Markdown renderer and the components,
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
 * A figure as a number and its unit: "2.2x" is 2.2 and "x", "94 days" is 94 and
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
     * Where the measure stood at the baseline, before the engagement or a year
     * earlier, as the case study states it, e.g. "2.2x" for a `value` of "4.1x":
     * the page then shows before and after, and draws them as two bars. Both
     * must be plain figures of the same unit.
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
        message: `"${result.before}" and "${result.value}" must be figures of the same unit, such as "2.2x" and "4.1x"`,
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
  /** Bullet points under the body, at most 8 of 3-140 characters; none is an empty list (as the editor writes it). */
  points: z.array(text(3, 140)).max(8).default([]),
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

/** What the content editor writes for an optional block left out: the kind "none" (./editor/fields.tsx). */
export const NO_VARIANT = 'none'

/**
 * A block as a file holds it, `{ discriminant, value }`, which is how the
 * content editor writes a block of one of several kinds
 * (docs/decisions/050-editing-in-keystatic.md), made the flat object every
 * component receives (`{ type: 'faq', items }`). A flat block passes as it is.
 */
export function flattened(key: string, input: unknown): unknown {
  if (input === null || typeof input !== 'object' || !('discriminant' in input)) return input
  const { discriminant, value, ...rest } = input as { discriminant: unknown; value?: unknown }
  if (Object.keys(rest).length > 0) return input
  if (discriminant === NO_VARIANT) return undefined
  return { [key]: discriminant, ...(value !== null && typeof value === 'object' ? value : {}) }
}

/** Blocks of several kinds, told apart by `key`, as files hold them (`flattened`). */
function variants<Key extends string, Options extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]]>(
  key: Key,
  options: Options,
) {
  return z.preprocess((input) => flattened(key, input), z.discriminatedUnion(key, options))
}

/** A block of several kinds that a file may leave out (or the editor write as the kind "none"). */
function optionalVariants<Schema extends z.ZodType>(key: string, schema: Schema) {
  return z.preprocess((input) => flattened(key, input), schema.optional())
}

/** A list a file may leave out; an empty one (as the content editor writes it) is the same. */
function optionalList<Schema extends z.ZodArray>(schema: Schema) {
  return z.preprocess((input) => (Array.isArray(input) && input.length === 0 ? undefined : input), schema.optional())
}

/** Blocks a top-level page is assembled from, rendered in the order given. */
export const sectionSchema = variants('type', [
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
    // The people are the files of content/team/ (`teamMemberSchema`), in their `order`.
  }),
  z.strictObject({
    /** What clients said, named: the files of content/testimonials/ (`testimonialSchema`); shown only when there is one. */
    type: z.literal('testimonials'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
  }),
  z.strictObject({
    /** The clients who let us name them: the files of content/clients/ with `permission` (`clientSchema`); shown only when there is one. */
    type: z.literal('clients'),
    title: text(3, 90),
    intro: text(20, 400).optional(),
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
     * The visitor's scores on the page's checklist groups: one line per group
     * and one for all of them, Print and Clear answers. Shown only where
     * JavaScript runs, which scores the points (docs/product.md#marketing-audit-checklist).
     */
    type: z.literal('checklist-scores'),
    title: text(3, 90),
    /** How the score is counted and where the answers are kept, 20-400 characters. */
    intro: text(20, 400),
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
            items: optionalList(z.array(text(2, 60)).min(2).max(8)),
          })
          .refine((fact) => !fact.items || !/^\d+$/.test(fact.value) || Number(fact.value) === fact.items.length, {
            error: 'counts its items: a value that is a number must be how many items are listed',
          }),
      )
      .min(2)
      .max(3),
  }),
  z.strictObject({
    /**
     * The platforms the agency works in, by kind: the names are app/lib/content/platforms.ts,
     * which the integrations page's list agrees with (docs/product.md#top-level-pages).
     */
    type: z.literal('platforms'),
    /** Worded as tools used, e.g. "Platforms we work in", never as a partnership. */
    title: text(3, 60).refine((title) => !/partner/i.test(title), {
      error: 'names tools the agency works in, not partners: the agency holds no partner badges',
    }),
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

/**
 * The picture beside a page's h1 (docs/product.md#visual-proof): which drawing
 * of the page's own content the header shows. `work` is the home page's sample
 * of the work; `one-team` the agency's facts; `team` the people of the page's
 * team block; `plans` the plans of its pricing block; `funnel` an industry's
 * funnel as its copy describes it, each stage with the work done there;
 * `points` what a page with a form or a tool gives the visitor, point by
 * point, each as the page delivers it.
 */
export const pageVisualSchema = variants('kind', [
  z.strictObject({ kind: z.literal('work') }),
  z.strictObject({ kind: z.literal('one-team') }),
  z.strictObject({ kind: z.literal('team') }),
  z.strictObject({ kind: z.literal('plans') }),
  z.strictObject({
    kind: z.literal('funnel'),
    /** What the funnel is, e.g. "A SaaS funnel, first click to paid account", 10-70 characters. */
    title: text(10, 70),
    /** Top to bottom, 3-5 stages: the stage's name and the work done there, as the page's copy says it. */
    stages: z
      .array(z.strictObject({ stage: text(2, 28), work: text(3, 44) }))
      .min(3)
      .max(5),
  }),
  z.strictObject({
    kind: z.literal('points'),
    /** The card's title, e.g. "What happens after you write", 10-60 characters. */
    title: text(10, 60),
    /** 3-4 points: a few words, a line that says it, and a link where the point leads somewhere. */
    points: z
      .array(z.strictObject({ title: text(3, 44), text: text(10, 150), link: linkSchema.optional() }))
      .min(3)
      .max(4),
  }),
])
export type PageVisual = z.infer<typeof pageVisualSchema>

/** The block a visual draws from, where it draws from one. */
const visualSource = { team: 'team', plans: 'pricing' } as const

/** content/pages/<path>.md: home (home.md) and every top-level page. */
export const pageSchema = z.strictObject({
  ...seoFields,
  /** Small label above the h1. */
  eyebrow: text(2, 40).optional(),
  /** Up to two buttons under the lede; none is an empty list (as the editor writes it). */
  actions: z.array(linkSchema).max(2).default([]),
  /**
   * Shows the first result of every case study beside the h1 on wide screens,
   * under it on narrow ones (the home page, docs/product.md#top-level-pages).
   */
  resultsPanel: z.boolean().optional(),
  /** The picture beside the h1 from 1024 px, under the text on narrower screens (`pageVisualSchema`). */
  visual: optionalVariants('kind', pageVisualSchema),
  sections: z.array(sectionSchema).default([]),
}).superRefine((page, context) => {
  const kind = page.visual?.kind
  if (kind !== 'team' && kind !== 'plans') return
  const block = visualSource[kind]
  if (!page.sections.some((section) => section.type === block))
    context.addIssue({
      code: 'custom',
      path: ['visual', 'kind'],
      message: `"${kind}" draws the page's ${block} block, and the page has none`,
    })
})
export type PageFrontmatter = z.infer<typeof pageSchema>

/**
 * What a service's deliverable looks like, drawn beside its heading
 * (docs/product.md#service-page): a sample, labeled as one, never a
 * client's data. Every word and figure drawn is here, in the service's file.
 * Texts are short because the drawing does not wrap them.
 */
const sampleBase = {
  /** The sample's title above the drawing, e.g. "Weekly report card", 6-40 characters. */
  title: text(6, 40),
  /** One line under the drawing: what the sample shows and where the real one lives, 20-160 characters. */
  caption: text(20, 160),
}
/** A short label inside a drawing, 2-`max` characters. */
const label = (max: number) => text(2, max)
export const serviceSampleSchema = variants('kind', [
  z.strictObject({
    /** A report card: rows of figures under column heads (paid ads' weekly report). */
    kind: z.literal('report'),
    ...sampleBase,
    /** The period the card covers, e.g. "Week 14". */
    period: label(24),
    /** The heads of the figure columns, 2-3, e.g. Spend, CPA, ROAS. */
    columns: z.array(label(8)).min(2).max(3),
    rows: z
      .array(
        z.strictObject({
          /** The row's name, e.g. a campaign, 2-18 characters. */
          name: label(18),
          /** One figure per column, as shown, e.g. "$4,200", each at most 8 characters. */
          figures: z.array(text(1, 8)).min(2).max(3),
        }),
      )
      .min(2)
      .max(5),
  }),
  z.strictObject({
    /** Steps joined by arrows, top to bottom (an email flow, a workflow, a channel hand-off). */
    kind: z.literal('flow'),
    ...sampleBase,
    steps: z
      .array(
        z.strictObject({
          /** The step, e.g. "Welcome series", 2-22 characters. */
          title: label(22),
          /** What happens there, 2-34 characters. */
          detail: label(34),
          /** What leads on to the next step, on its arrow, e.g. "after 2 days", 2-20 characters. */
          then: label(20).optional(),
        }),
      )
      .min(3)
      .max(5),
  }),
  z.strictObject({
    /** Tiles of headline figures, each with its trend (an analytics dashboard). */
    kind: z.literal('dashboard'),
    ...sampleBase,
    tiles: z
      .array(
        z.strictObject({
          /** What the tile measures, e.g. "CAC", 2-16 characters. */
          label: label(16),
          /** The figure as shown, e.g. "$412", at most 8 characters. */
          value: text(1, 8),
          /** The trend its line draws, oldest first, 4-12 numbers. */
          trend: z.array(z.number().nonnegative()).min(4).max(12),
        }),
      )
      .length(4),
  }),
  z.strictObject({
    /** The blocks of a page from top to bottom, as a wireframe (a landing page). */
    kind: z.literal('wireframe'),
    ...sampleBase,
    /** The page's address as its browser bar shows it, e.g. "/demo", 1-24 characters. */
    address: text(1, 24),
    blocks: z
      .array(
        z.strictObject({
          /** The block, e.g. "Headline and demo button", 2-28 characters. */
          label: label(28),
          /** Its height in the drawing, in rows of 20 px: 1-4. */
          rows: z.number().int().min(1).max(4),
        }),
      )
      .min(3)
      .max(6),
  }),
  z.strictObject({
    /** Cards in columns (a sprint board, a content calendar, a week of posts). */
    kind: z.literal('board'),
    ...sampleBase,
    columns: z
      .array(
        z.strictObject({
          /** The column's head, e.g. "In review" or "Mon", 2-12 characters. */
          title: label(12),
          cards: z
            .array(
              z.strictObject({
                /** The card, e.g. "User roles", 2-12 characters. */
                title: label(12),
                /** A tag under it, e.g. "Video" or "Sprint 3", 2-10 characters. */
                tag: label(10).optional(),
              }),
            )
            .min(1)
            .max(3),
        }),
      )
      .min(3)
      .max(5),
  }),
  z.strictObject({
    /** A week of posts as a grid of tiles, each with its day and format (social media). */
    kind: z.literal('posts'),
    ...sampleBase,
    posts: z
      .array(
        z.strictObject({
          /** The day it goes out, e.g. "Mon", 2-3 characters. */
          day: text(2, 3),
          /** The post, e.g. "Form tip", 2-16 characters. */
          title: label(16),
          /** Its format, e.g. "Reel" or "Carousel", 2-10 characters. */
          format: label(10),
        }),
      )
      .length(6),
  }),
])
export type ServiceSample = z.infer<typeof serviceSampleSchema>

/** content/services/<slug>.md */
const serviceSchema = (reference: Reference) =>
  z.strictObject({
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
  /** Related case studies by slug (content/case-studies). */
  caseStudies: z.array(reference('case-studies')).max(3).default([]),
  /** What the deliverable looks like, drawn beside the heading (`serviceSampleSchema`). */
  sample: serviceSampleSchema,
})

/**
 * A period of an engagement's timeline: a month or a week of its baseline
 * (before kickoff, or a year earlier) or of the engagement.
 */
const periodFields = {
  /** The period in full, as the table names it, e.g. "June" or "Month 4", 2-30 characters. */
  label: text(2, 30),
  /** Its name under the chart's axis, e.g. "Jun" or "M4", 1-4 characters. */
  short: text(1, 4),
  /** True for a period of the baseline its results are measured against, which the timeline's `baseline` names. */
  before: z.boolean().optional(),
}
/**
 * What the timeline's periods marked `before` are: the months just before
 * kickoff (`before-kickoff`, also when left out), or the same months as the
 * engagement's last ones a year earlier (`year-earlier`, a baseline of the
 * same season). Either way the results compare them with as many periods at
 * the end.
 */
const baselineField = () => z.enum(['before-kickoff', 'year-earlier']).optional()
const count = () => z.number().int().nonnegative()
/** A result's place in the case study's `results`, 1 for the first. */
const place = () => z.number().int().min(1).max(4)

/**
 * An engagement drawn from its own figures (docs/product.md#case-studies): the
 * measure over time and a funnel before and after. The results it backs are
 * derived from these figures (app/lib/content/engagement.ts), and a unit test holds
 * them to the figures the case study states.
 */
const engagementSchema = z.strictObject({
  /** The measure over time: the chart beside the heading. */
  timeline: variants('kind', [
    z.strictObject({
      /** Counts per period, one bar each, stacked by group when there are several. */
      kind: z.literal('counts'),
      /** The chart's title, e.g. "Demo requests by month", 10-60 characters. */
      title: text(10, 60),
      /** What is counted, e.g. "Demo requests", 3-30 characters. */
      measure: text(3, 30),
      /** What the counts leave out, under the chart, e.g. "Trade-show leads are excluded.", 10-120 characters. */
      note: text(10, 120).optional(),
      /** The groups each count is split into, e.g. clinic specialties; one group when not split. */
      groups: z.array(text(2, 20)).min(1).max(3),
      baseline: baselineField(),
      points: z
        .array(z.strictObject({ ...periodFields, /** One count per group. */ counts: z.array(count()).min(1).max(3) }))
        .min(4)
        .max(16),
      /** The result these counts back, by its place in `results` (1 for the first): the last periods against as many of the baseline. */
      proves: place(),
    }),
    z.strictObject({
      /** Paid spend, the revenue it brought and the new customers per period: return on ad spend, and cost per acquisition. */
      kind: z.literal('ad-return'),
      title: text(10, 60),
      baseline: baselineField(),
      points: z
        .array(
          z.strictObject({
            ...periodFields,
            /** Paid spend in dollars. */
            spend: z.number().int().positive(),
            /** Revenue from paid-channel orders in dollars. */
            revenue: count(),
            /** First-time customers. */
            customers: count(),
          }),
        )
        .min(4)
        .max(16),
      /** The results these figures back, by their places in `results`: return on ad spend, then cost per acquisition. */
      proves: z.tuple([place(), place()]),
    }),
  ]),
  /** A funnel before and after: how many reached each stage, for a cohort before and one after. */
  funnel: z.strictObject({
    /** The chart's title, e.g. "Trials to paid accounts", 10-60 characters. */
    title: text(10, 60),
    /** The stages, first to last, 2-4 of 3-36 characters. */
    stages: z.array(text(3, 36)).min(2).max(4),
    /** Each cohort: which one it is (e.g. "Trials of the 2 months before kickoff") and its count at each stage. */
    before: z.strictObject({ label: text(5, 60), counts: z.array(count()).min(2).max(4) }),
    after: z.strictObject({ label: text(5, 60), counts: z.array(count()).min(2).max(4) }),
    /** The result the last stage's share of the first backs, by its place in `results`. */
    proves: place(),
  }),
})
export type Engagement = z.infer<typeof engagementSchema>

/** content/case-studies/<slug>.md */
const caseStudySchema = (reference: Reference, image: ImageField) =>
  z.strictObject({
  ...seoFields,
  /** Its short name, for breadcrumbs, the sitemap and the home page's results panel, e.g. "SaaS Startup". */
  name: text(2, 40),
  /** Where the case studies are listed: 1 first (app/lib/site/case-study-files.ts). */
  order: z.number().int().min(1).max(99),
  summary: text(60, 200),
  /** The client as named publicly (may be a description, e.g. "a Series A fintech"). */
  client: text(3, 80),
  industry: text(3, 60),
  /** How long the engagement ran, e.g. "9 months". */
  duration: text(2, 30),
  /** The services used, by slug (content/services). */
  services: z.array(reference('services')).min(1).max(6),
  /** 3-4 headline results; the first is the one the home page's results panel shows. */
  results: z.array(resultSchema).min(3).max(4),
  quote: z
    .strictObject({ quote: text(20, 500), author: text(2, 60), role: text(2, 90) })
    .optional(),
  /**
   * Pictures of the work (the ads, pages and apps), shown under the results,
   * each with the text a screen reader reads for it and the caption everyone
   * reads, which says what the picture is (a screenshot, or a drawing of it).
   */
  media: optionalList(
    z
      .array(
        z.strictObject({
          image: image(),
          /** What the picture shows, for a reader who cannot see it. */
          alt: text(10, 300),
          /** What it is and what it shows, under it. */
          caption: text(10, 200),
        }),
      )
      .max(6),
  ),
  /** The engagement's own figures, drawn on the page (`engagementSchema`). */
  engagement: engagementSchema,
}).superRefine((study, context) => {
  const { timeline, funnel } = study.engagement
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: 'custom', path: ['engagement', ...path], message })
  const noResult = (place: number) => `names result ${place}, and there are ${study.results.length}`
  const proves = typeof timeline.proves === 'number' ? [timeline.proves] : timeline.proves
  for (const [index, place] of proves.entries())
    if (place > study.results.length) issue(['timeline', 'proves', ...(proves.length > 1 ? [index] : [])], noResult(place))
  if (funnel.proves > study.results.length) issue(['funnel', 'proves'], noResult(funnel.proves))
  if (timeline.kind === 'counts')
    for (const [index, point] of timeline.points.entries())
      if (point.counts.length !== timeline.groups.length)
        issue(['timeline', 'points', index, 'counts'], `has ${point.counts.length} counts for ${timeline.groups.length} groups`)
  const baseline = timeline.points.filter((point) => point.before).length
  if (baseline === 0 || timeline.points.slice(0, baseline).some((point) => !point.before))
    issue(['timeline', 'points'], 'must start with the periods before kickoff (`before: true`), at least one')
  else if (timeline.points.length < 2 * baseline)
    issue(['timeline', 'points'], 'needs at least as many periods of the engagement as before it')
  for (const cohort of ['before', 'after'] as const) {
    const counts = funnel[cohort].counts
    if (counts.length !== funnel.stages.length)
      issue(['funnel', cohort, 'counts'], `has ${counts.length} counts for ${funnel.stages.length} stages`)
    else if (counts.some((value, index) => index > 0 && value > counts[index - 1]!))
      issue(['funnel', cohort, 'counts'], 'cannot grow from one stage to the next')
    else if (counts[0] === 0) issue(['funnel', cohort, 'counts'], 'must start above 0')
  }
})

/** content/cities/<slug>.md */
const citySchema = (reference: Reference) =>
  z.strictObject({
  ...seoFields,
  summary: text(60, 200),
  city: text(2, 40),
  /** State, e.g. "Florida". */
  region: text(2, 40),
  /** Local industries the agency serves there, 3-6 cards. */
  industries: z.array(cardSchema).min(3).max(6),
  /** The services most asked for in this market, by slug. */
  services: z.array(reference('services')).min(2).max(6),
  faq: z.array(faqItemSchema).min(2).max(6),
  /**
   * The places of the metro the page's copy names, for the map in its header
   * (app/components/visuals/city-map.tsx): each by its compass bearing from
   * downtown (degrees clockwise from north) and its approximate distance in
   * miles. Only names the copy uses (tests/e2e/city-pages.spec.ts).
   */
  areas: z
    .array(
      z.strictObject({
        name: text(2, 30),
        bearing: z.number().int().min(0).max(359),
        miles: z.number().min(0.5).max(60),
      }),
    )
    .min(2)
    .max(10),
})

/** content/blog/<slug>.md */
const articleSchema = (reference: Reference) =>
  z.strictObject({
    /** Headline: the h1, and the search-result title unless `searchTitle` is given; 10-90 characters. */
    title: text(10, 90),
    /** Short name for breadcrumbs and the sitemap ("Local SEO Guide"), 2-40 characters. */
    name: text(2, 40),
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
    /** Who wrote it: a member of the team (content/team/<slug>.yaml), named under the title with their bio after the text. */
    author: reference('team'),
    /** Publication date, YYYY-MM-DD. Never changes: it is `datePublished`. */
    date: z.iso.date({ error: 'is a date written YYYY-MM-DD, such as 2026-11-28' }),
    /**
     * The date of the last review that changed what the article says, YYYY-MM-DD,
     * not before `date`. Shown as "Updated <date>" beside the publication date, and
     * the article's `dateModified` and sitemap `<lastmod>` (docs/product.md#article-catalogue).
     */
    updated: z.iso.date({ error: 'is a date written YYYY-MM-DD, such as 2026-11-28' }).optional(),
    /**
     * Not published while true: no page, sitemap entry, feed item or search
     * result; `npm run cms` shows it, to preview (app/lib/site/article-files.ts).
     * An article dated after the day of the build waits for its date the same way.
     */
    draft: z.boolean().optional(),
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
export type ArticleFrontmatter = z.infer<ReturnType<typeof articleSchema>>

/** content/categories/<slug>.md: the page of one blog topic, which lists the articles of its categories. */
const categorySchema = (reference: Reference) =>
  z.strictObject({
  /** The topic this page lists (`blogTopics`); the file's name is its slug ("SEO and Content" in seo-and-content.md). */
  topic: z.enum(topicNames),
  /** Search-result title, 10-58 characters (`searchTitle`). */
  title: searchTitle(),
  description: text(70, 165),
  /** The h1. */
  heading: text(2, 60),
  /** What a reader finds here and who it is for. */
  lede: text(80, 320),
  /** The service page closest to the category, by slug, linked from the page. */
  service: reference('services').optional(),
})
/**
 * content/team/<slug>.yaml: one person on the team page, which lists them in
 * their `order`. A photo is theirs, with their consent; without one the site
 * draws the picture made from their name and says it is a drawing.
 */
export const teamMemberSchema = (image: ImageField) =>
  z.strictObject({
    name: text(3, 60),
    role: text(3, 80),
    bio: text(40, 500),
    /** Short specialties. */
    focus: optionalList(z.array(text(2, 40)).max(5)),
    /** Where the page lists them: 1 first. */
    order: z.number().int().min(1).max(99),
    /** A photo of them (JPEG, PNG, WebP or AVIF), square or portrait, shown in a circle. */
    photo: image().optional(),
    /** Their LinkedIn profile. */
    linkedin: z
      .url({ protocol: /^https$/, hostname: /^(?:[a-z]{2,3}\.)?linkedin\.com$/, error: 'is a profile address on linkedin.com, starting https://' })
      .optional(),
  })
export type TeamMemberFrontmatter = z.infer<ReturnType<typeof teamMemberSchema>>

/**
 * Every collection's schema, its references made with `reference` and its
 * pictures with `image` (app/content.config.ts).
 */
export function collectionSchemas(reference: Reference, image: ImageField = checkedImage) {
  return {
    pages: pageSchema,
    services: serviceSchema(reference),
    'case-studies': caseStudySchema(reference, image),
    cities: citySchema(reference),
    blog: articleSchema(reference),
    categories: categorySchema(reference),
  } satisfies Record<CollectionName, z.ZodType>
}

/** Words of a job title: a testimonial's `person` that is only a role names nobody. */
const roleWords =
  /\b(?:head|vp|vice|president|director|manager|founder|co-?founder|ceo|cmo|cto|coo|cfo|chief|officer|lead|owner|marketing|growth|sales|team|client|customer|partner)\b/i

/**
 * content/testimonials/<slug>.yaml: what a client said of working with us,
 * shown with their name (docs/decisions/051-pictures-of-people-and-work.md).
 * A quote without a named person, or without the day they agreed to its
 * use, is refused: a reader cannot weigh words nobody stands behind.
 */
export const testimonialSchema = (image: ImageField) =>
  z.strictObject({
    quote: text(20, 500),
    /** Their full name, as they agreed to be named: "Jane Doe", not "Head of Growth". */
    person: text(3, 60).refine((name) => name.split(/\s+/).length >= 2 && !roleWords.test(name), {
      error: 'names the person who said it, first and last name ("Jane Doe"), not their role: a testimonial without a named person is refused',
    }),
    role: text(2, 80),
    company: text(2, 80),
    /** The day they agreed, in writing, to be quoted with their name (and photo), YYYY-MM-DD. */
    consented: z.iso.date({ error: 'is the day they agreed to be quoted, YYYY-MM-DD' }),
    /** Their photo, with the same consent. */
    photo: image().optional(),
  })

/**
 * content/clients/<slug>.yaml: a client, with the logo and the link the site
 * may show. A client without `permission` is never named on the site: the
 * file keeps the record until they agree.
 */
export const clientSchema = (image: ImageField) =>
  z.strictObject({
    name: text(2, 60),
    /** They agreed, in writing, to be named and shown with their logo. */
    permission: z.boolean(),
    /** Their logo (PNG, JPEG, WebP or AVIF), on a transparent or white ground. */
    logo: image().optional(),
    /** Their website. */
    link: z.url({ protocol: /^https$/, error: 'is the address of their website, starting https://' }).optional(),
  })

/** The collections that are not pages: what pages draw from, such as the people of the team page. */
export const dataCollectionNames = ['team', 'testimonials', 'clients'] as const
export type DataCollectionName = (typeof dataCollectionNames)[number]

/** Whether a folder of content/ is a data collection (YAML files), not a collection of pages. */
export const isDataCollection = (name: string): name is DataCollectionName =>
  (dataCollectionNames as readonly string[]).includes(name)

/** Every data collection's schema, its pictures made with `image` (app/content.config.ts). */
export function dataSchemas(image: ImageField = checkedImage) {
  return {
    team: teamMemberSchema(image),
    testimonials: testimonialSchema(image),
    clients: clientSchema(image),
  } satisfies Record<DataCollectionName, z.ZodType>
}

/** The schemas with references checked against the registry: the loader's own check (./loader.ts) and tests. */
export const schemas = collectionSchemas(registryReference)

/** Each collection's parsed frontmatter. */
export type Frontmatter = { [K in CollectionName]: z.output<(typeof schemas)[K]> }
export type ServiceFrontmatter = z.infer<(typeof schemas)['services']>
export type CaseStudyFrontmatter = z.infer<(typeof schemas)['case-studies']>
export type CityFrontmatter = z.infer<(typeof schemas)['cities']>
export type CategoryFrontmatter = z.infer<(typeof schemas)['categories']>
