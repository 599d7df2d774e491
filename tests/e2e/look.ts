// The pages and sizes whose look is held by screenshots: one page of each
// family a prospect judges the agency by, at a phone's width and a laptop's,
// in the light and the dark theme (tests/e2e/visual.spec.ts, and
// `npm run screenshots` for a set to compare by eye).
export const lookPages = [
  { name: 'home', path: '/' },
  { name: 'service', path: '/services/paid-ads' },
  { name: 'case-study', path: '/case-studies/saas-startup' },
  { name: 'city', path: '/locations/austin' },
  { name: 'article', path: '/blog/seo-strategy-2025' },
  { name: 'blog', path: '/blog' },
  { name: 'team', path: '/team' },
  { name: 'pricing', path: '/pricing' },
] as const

export const lookViewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const

export const lookSchemes = ['light', 'dark'] as const
