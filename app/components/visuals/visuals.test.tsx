// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { TeamGrid } from '#app/components/sections/team-grid.tsx'
import { CaseFunnel, FUNNEL_RECONSTRUCTED } from '#app/components/visuals/case-funnel.tsx'
import { CaseTimeline, TIMELINE_RECONSTRUCTED } from '#app/components/visuals/case-timeline.tsx'
import { HomeWork } from '#app/components/visuals/home-work.tsx'
import { LABEL_GAP, LABEL_REACH, placeLabels, ringStep } from '#app/components/visuals/city-map.tsx'
import { PageFunnel } from '#app/components/visuals/page-funnel.tsx'
import { plansAtAGlance } from '#app/components/visuals/page-plans.tsx'
import { avatarArt } from '#app/components/visuals/team-avatar.tsx'
import { contentByPath, loadData } from '#app/lib/content/test-collections.ts'
import { SAMPLE_CLIENT } from '#app/lib/tools/sample-analytics.ts'

// The pictures beside the h1 of the content pages (docs/product.md#visual-proof)
// draw the pages' own content: read here from the content files as loaded.

const content = contentByPath()
const sections = (path: string) => content.pages.get(path)!.data.sections

afterEach(() => {
  document.body.innerHTML = ''
})

describe('team pictures', () => {
  // Without photos: each person's picture is the one drawn from their name.
  const members = loadData('team').map(({ id, data: { photo: _photo, order: _order, ...member } }) => ({
    slug: id,
    ...member,
  }))

  test('each person has a picture drawn from their name, the same every time, no two alike', () => {
    expect(members.length).toBeGreaterThan(1)
    const arts = members.map((member) => JSON.stringify(avatarArt(member.name)))
    expect(members.map((member) => JSON.stringify(avatarArt(member.name)))).toEqual(arts)
    expect(new Set(arts).size).toBe(members.length)
  })

  test('the team grid shows each person’s picture, not their initials', () => {
    document.body.innerHTML = renderToString(<TeamGrid title="Meet the team" members={members} />)
    const cards = [...document.querySelectorAll('h3')].map((heading) => heading.closest('li')!)
    expect(cards).toHaveLength(members.length)
    for (const [index, card] of cards.entries()) {
      const name = members[index]!.name
      expect(card.querySelector('svg[aria-hidden="true"]')?.getAttribute('data-avatar')).toBe(name)
      const initials = name
        .split(/\s+/)
        .map((part) => part[0])
        .join('')
      expect(card.textContent).not.toContain(initials)
    }
  })
})

test('the pricing picture counts what each plan lists, a plan that includes another counted with it', () => {
  const pricing = sections('/pricing').find((section) => section.type === 'pricing')
  const plans = pricing?.type === 'pricing' ? pricing.plans : []
  expect(plansAtAGlance(plans).map(({ name, own, included, total }) => ({ name, own, included, total }))).toEqual([
    { name: 'Launch', own: 6, total: 6 },
    { name: 'Growth', own: 5, included: { plan: 'Launch', count: 6 }, total: 11 },
    { name: 'Scale', own: 5, included: { plan: 'Growth', count: 11 }, total: 16 },
  ])
})

test('an industry’s funnel names every stage and its work, in order, to assistive technology too', () => {
  const visual = content.pages.get('/industries/ecommerce')!.data.visual
  if (visual?.kind !== 'funnel') throw new Error('the ecommerce page draws no funnel')
  document.body.innerHTML = renderToString(<PageFunnel title={visual.title} stages={visual.stages} />)
  const svg = document.querySelector('svg')!
  expect(svg.getAttribute('role')).toBe('img')
  for (const stage of visual.stages) expect(svg.getAttribute('aria-label')).toContain(`${stage.stage}, ${stage.work}`)
  expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual(
    visual.stages.flatMap((stage) => [stage.stage, stage.work]),
  )
})

test('the home page’s picture says it is an illustration, with the demo’s fictional sample data', () => {
  document.body.innerHTML = renderToString(<HomeWork />)
  const caption = document.querySelector('figcaption')!.textContent
  expect(caption).toContain('An illustration')
  expect(caption).toContain(`${SAMPLE_CLIENT}, a fictional company`)
  expect(document.querySelector('figcaption a')?.getAttribute('href')).toBe('/dashboard')
  expect(document.querySelector('svg')?.getAttribute('aria-label')).toMatch(/^An illustration of our work/)
})

describe('city maps', () => {
  // A 12 px label's box as placeLabels reckons it (6.4 px a character, 15 px a line).
  const boxOf = (label: ReturnType<typeof placeLabels>['labels'][number]) => {
    const width = label.name.length * 6.4
    const left = label.anchor === 'start' ? label.labelX : label.labelX - width
    return { left, right: left + width, top: label.labelY + 4 - 15, bottom: label.labelY + 4 }
  }

  for (const [path, city] of content.cities) {
    test(`${path}: each label stands beside its own dot, clear of every other label and dot`, () => {
      const { areas } = city.data
      const farthest = Math.max(...areas.map((area) => area.miles))
      const step = ringStep(farthest)
      const { cityLabel, labels } = placeLabels(city.data.city, areas, Math.ceil(farthest / step) * step)
      // The city's own name (7 px a character), one more box to keep clear of.
      const nameWidth = city.data.city.length * 7
      const nameLeft = { start: cityLabel.x, middle: cityLabel.x - nameWidth / 2, end: cityLabel.x - nameWidth }[
        cityLabel.anchor
      ]
      const cityName = {
        left: nameLeft,
        right: nameLeft + nameWidth,
        top: cityLabel.y + 4 - 15,
        bottom: cityLabel.y + 4,
      }
      const boxes = [...labels.map(boxOf), cityName]
      labels.forEach((label, index) => {
        const box = boxes[index]!
        // Beside its dot: the near edge LABEL_GAP away, the middle at most LABEL_REACH above or below.
        const edge = label.anchor === 'start' ? box.left - label.x : label.x - box.right
        expect(edge, label.name).toBeCloseTo(LABEL_GAP)
        expect(Math.abs((box.top + box.bottom) / 2 - label.y), label.name).toBeLessThanOrEqual(LABEL_REACH)
        // Inside the 400 x 288 frame.
        expect(box.left, label.name).toBeGreaterThanOrEqual(2)
        expect(box.right, label.name).toBeLessThanOrEqual(398)
        for (const [other, otherBox] of boxes.entries()) {
          if (other === index) continue
          const otherName = labels[other]?.name ?? city.data.city
          const apart =
            box.right <= otherBox.left ||
            otherBox.right <= box.left ||
            box.bottom <= otherBox.top ||
            otherBox.bottom <= box.top
          expect(apart, `${label.name} and ${otherName}`).toBe(true)
          const dot = labels[other]
          if (!dot) continue
          const clearOfDot =
            box.right <= dot.x - 4.5 || dot.x + 4.5 <= box.left || box.bottom <= dot.y - 4.5 || dot.y + 4.5 <= box.top
          expect(clearOfDot, `${label.name} over the dot of ${dot.name}`).toBe(true)
        }
      })
    })
  }
})

describe('case-study charts', () => {
  const studies = [...content['case-studies']].map(([path, entry]) => [path, entry.data] as const)

  test('every case study has its charts', () => {
    expect(studies.map(([path]) => path).sort()).toEqual([
      '/case-studies/fitness-brand',
      '/case-studies/medtech-client',
      '/case-studies/saas-startup',
    ])
  })

  for (const [path, study] of studies) {
    test(`${path}: each chart says under it that its figures are reconstructed to agree with the results`, () => {
      const { engagement, results } = study
      document.body.innerHTML = renderToString(
        <CaseTimeline timeline={engagement.timeline} engagement={engagement} results={results} />,
      )
      const timeline = document.querySelector('figure')!
      const timelineNote = [...timeline.querySelectorAll('p')].find((p) => p.textContent === TIMELINE_RECONSTRUCTED)
      expect(timelineNote?.className).toContain('text-muted')
      // Under the drawing, outside the caption, and not only in the table for assistive technology.
      expect(timeline.querySelector('svg')!.compareDocumentPosition(timelineNote!)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      )
      expect(timelineNote!.closest('figcaption, .sr-only')).toBeNull()

      document.body.innerHTML = renderToString(<CaseFunnel funnel={engagement.funnel} />)
      const funnel = document.querySelector('figure')!
      const funnelNote = [...funnel.querySelectorAll('p')].find((p) => p.textContent === FUNNEL_RECONSTRUCTED)
      expect(funnelNote?.className).toContain('text-muted')
      expect(funnelNote!.closest('figcaption, .sr-only, [aria-hidden="true"]')).toBeNull()
    })
  }

  test('a timeline says what its baseline is: the months before kickoff, or the same months a year earlier', () => {
    const drawn = (path: string) => {
      const { engagement, results } = content['case-studies'].get(path)!.data
      document.body.innerHTML = renderToString(
        <CaseTimeline timeline={engagement.timeline} engagement={engagement} results={results} />,
      )
      return {
        caption: document.querySelector('figcaption')!.textContent,
        labels: [...document.querySelectorAll('svg text')].map((text) => text.textContent),
      }
    }
    const fitness = drawn('/case-studies/fitness-brand')
    expect(fitness.caption).toContain('2.2x → 4.1x, the last 3 months against the same 3 months a year earlier.')
    expect(fitness.caption).not.toContain('kickoff')
    expect(fitness.labels).toEqual(expect.arrayContaining(['A year earlier', 'Engagement']))
    expect(fitness.labels).not.toContain('Before kickoff')
    const saas = drawn('/case-studies/saas-startup')
    expect(saas.caption).toContain('the last 3 months against the 3 before kickoff.')
    expect(saas.labels).toEqual(expect.arrayContaining(['Before kickoff', 'Engagement']))
  })
})
