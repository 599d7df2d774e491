// The drawing of a social card, as satori reads it (a subset of CSS, flexbox
// only). Colors are the brand's (app/app.css @theme) and the logo's accent.
// This file's text is part of every card's cache key (render.ts): after any
// change to it, the next build draws every card again.
import type { SocialCard } from '#app/lib/site/social-card.ts'

export const colors = {
  brand200: '#c7d2fe',
  brand700: '#4338ca',
  brand900: '#312e81',
  brand950: '#1e1b4b',
  /** The peak's accent in the logo (public/favicon.svg). */
  accent: '#fb923c',
  white: '#ffffff',
} as const

/** What a card shows besides its page's title and kicker. */
export interface Brand {
  name: string
  tagline: string
  /** The logo mark as SVG source (public/favicon.svg). */
  logoSvg: string
}

/** Long titles get a smaller size, so that 90 characters fit in three lines. */
export function titleSize(title: string): number {
  if (title.length <= 40) return 68
  if (title.length <= 64) return 60
  return 52
}

export function CardTemplate({ card, brand }: { card: Pick<SocialCard, 'title' | 'kicker'>; brand: Brand }) {
  const logo = `data:image/svg+xml;base64,${Buffer.from(brand.logoSvg).toString('base64')}`
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 80px 60px',
        fontFamily: 'Inter',
        color: colors.white,
        backgroundColor: colors.brand950,
      }}
    >
      {/* Flat shapes in the corner, clear of the text: a gradient made each PNG four times larger. */}
      <div
        style={{
          position: 'absolute',
          top: -230,
          right: -230,
          width: 460,
          height: 460,
          borderRadius: 230,
          backgroundColor: colors.brand900,
        }}
      />
      <div
        style={{
          position: 'absolute',
          top: -140,
          right: -140,
          width: 280,
          height: 280,
          borderRadius: 140,
          backgroundColor: colors.brand700,
        }}
      />
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <img src={logo} width={64} height={64} alt="" />
        <div style={{ marginLeft: 20, fontSize: 40, fontWeight: 700, letterSpacing: -0.5 }}>{brand.name}</div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column' }}>
        <div
          style={{
            display: 'flex',
            fontSize: 26,
            fontWeight: 700,
            color: colors.accent,
            textTransform: 'uppercase',
            letterSpacing: 2,
          }}
        >
          {card.kicker}
        </div>
        <div
          style={{
            display: 'flex',
            marginTop: 18,
            maxWidth: 1040,
            fontSize: titleSize(card.title),
            fontWeight: 700,
            lineHeight: 1.12,
            letterSpacing: -1,
          }}
        >
          {card.title}
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <div style={{ fontSize: 26, fontWeight: 500, color: colors.brand200 }}>{brand.tagline}</div>
        <div style={{ width: 120, height: 8, borderRadius: 4, backgroundColor: colors.accent }} />
      </div>
    </div>
  )
}
