'use client'

// The small map of one establishment's position on its record page (same offline style and
// worker as the explorer's map; one circle layer), with the outlines of the cadastral parcels
// from zoom 16 (parcel-outlines.tsx).
import 'maplibre-gl/dist/maplibre-gl.css'
import type { Map as MapLibreMap } from 'maplibre-gl'
import { useMemo, useState } from 'react'
import MapGL, { AttributionControl, Layer, NavigationControl, Source } from 'react-map-gl/maplibre'
import { MAP_COLOURS, offlineMapStyle } from '@/lib/explorer/map-style'
import type { MapView } from '@/lib/explorer/map-view'
import { MAP_LOCALE, MAP_WORKER_URL } from './map-setup'
import { mapView, ParcelOutlines } from './parcel-outlines'

declare global {
  interface Window {
    /** The record page's map, for end-to-end tests. */
    __establishmentMap?: MapLibreMap
  }
}

export default function EstablishmentMapCanvas({
  longitude,
  latitude,
}: {
  longitude: number
  latitude: number
}) {
  const style = useMemo(() => offlineMapStyle(window.location.origin), [])
  const [view, setView] = useState<MapView | null>(null)
  const point = useMemo(
    () => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [longitude, latitude] },
      properties: {},
    }),
    [longitude, latitude],
  )
  return (
    <MapGL
      initialViewState={{ longitude, latitude, zoom: 12 }}
      mapStyle={style}
      workerUrl={MAP_WORKER_URL}
      locale={MAP_LOCALE}
      attributionControl={false}
      onLoad={(event) => {
        window.__establishmentMap = event.target
        setView(mapView(event.target))
      }}
      onMoveEnd={(event) => setView(mapView(event.target))}
      style={{ width: '100%', height: '100%' }}
    >
      <NavigationControl showCompass={false} />
      <AttributionControl compact={false} />
      <ParcelOutlines view={view} />
      <Source id="position" type="geojson" data={point}>
        <Layer
          id="position"
          type="circle"
          paint={{
            'circle-color': MAP_COLOURS.point,
            'circle-radius': 8,
            'circle-stroke-width': 2,
            'circle-stroke-color': MAP_COLOURS.pointStroke,
          }}
        />
      </Source>
    </MapGL>
  )
}
