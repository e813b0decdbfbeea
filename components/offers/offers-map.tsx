'use client'

// Client-only wrapper of the offers map (MapLibre needs the browser).
import dynamic from 'next/dynamic'
import type { OfferFeatureCollection } from '@/lib/offers/serialise'
import '../explorer/explorer.css'

const Canvas = dynamic(() => import('./offers-map-canvas'), {
  ssr: false,
  loading: () => <div className="map-placeholder" aria-hidden="true" />,
})

export function OffersMap({ collection }: { collection: OfferFeatureCollection }) {
  return (
    <div className="map-frame" data-testid="offers-map" role="region" aria-label="Carte des offres publiées">
      <Canvas collection={collection} />
    </div>
  )
}
