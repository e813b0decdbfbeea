'use client'

// The map of published offers: one circle per position (the offer's own, else its commune's
// centre), the same offline style and worker as the explorer's map; a click lists the offers there.
import 'maplibre-gl/dist/maplibre-gl.css'
import type { Map as MapLibreMap } from 'maplibre-gl'
import Link from 'next/link'
import { useMemo, useState } from 'react'
import MapGL, { AttributionControl, Layer, NavigationControl, Popup, Source } from 'react-map-gl/maplibre'
import { FRANCE_BOUNDS, MAP_COLOURS, offlineMapStyle } from '@/lib/explorer/map-style'
import type { OfferFeatureCollection } from '@/lib/offers/serialise'
import { MAP_LOCALE, MAP_WORKER_URL } from '../explorer/map-setup'

declare global {
  interface Window {
    /** The offers map, for end-to-end tests. */
    __offersMap?: MapLibreMap
  }
}

type Offers = OfferFeatureCollection['features'][number]['properties']['offres']

export default function OffersMapCanvas({ collection }: { collection: OfferFeatureCollection }) {
  const style = useMemo(() => offlineMapStyle(window.location.origin), [])
  // MapLibre gets positions and an index only; the popup reads the offers from the collection.
  const points = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: collection.features.map((f, index) => ({
        type: 'Feature' as const,
        geometry: f.geometry,
        properties: { index, count: f.properties.offres.length },
      })),
    }),
    [collection],
  )
  const [open, setOpen] = useState<{ lon: number; lat: number; offres: Offers } | null>(null)
  return (
    <MapGL
      initialViewState={{ bounds: FRANCE_BOUNDS }}
      mapStyle={style}
      workerUrl={MAP_WORKER_URL}
      locale={MAP_LOCALE}
      attributionControl={false}
      interactiveLayerIds={['offres']}
      onLoad={(event) => {
        window.__offersMap = event.target
      }}
      onClick={(event) => {
        const index = event.features?.[0]?.properties?.index as number | undefined
        const feature = index === undefined ? undefined : collection.features[index]
        setOpen(
          feature
            ? {
                lon: feature.geometry.coordinates[0],
                lat: feature.geometry.coordinates[1],
                offres: feature.properties.offres,
              }
            : null,
        )
      }}
      style={{ width: '100%', height: '100%' }}
    >
      <NavigationControl showCompass={false} />
      <AttributionControl compact={false} />
      <Source id="offres" type="geojson" data={points}>
        <Layer
          id="offres"
          type="circle"
          paint={{
            'circle-color': MAP_COLOURS.point,
            'circle-radius': ['interpolate', ['linear'], ['get', 'count'], 1, 6, 10, 12],
            'circle-stroke-width': 1.5,
            'circle-stroke-color': MAP_COLOURS.pointStroke,
          }}
        />
      </Source>
      {open ? (
        <Popup longitude={open.lon} latitude={open.lat} onClose={() => setOpen(null)} closeOnClick={false}>
          <ul>
            {open.offres.map((o) => (
              <li key={o.id}>
                <Link href={`/offres/${o.id}`}>{o.label ?? o.id}</Link>
              </li>
            ))}
          </ul>
        </Popup>
      ) : null}
    </MapGL>
  )
}
