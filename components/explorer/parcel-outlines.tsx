'use client'

// Cadastral parcels drawn as thin outlines under a map's establishments, from zoom 16 (street
// level): GET /bff/cadastre/parcelles for the view once the map has stopped moving (debounced; the
// request of a view left behind is cancelled through react-query's signal). Below zoom 16 nothing
// is asked for and nothing is drawn. Rendered inside a react-map-gl <Map>, before the sources of
// the points so that its layer lies under them.
import { useQuery } from '@tanstack/react-query'
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import type { Map as MapLibreMap } from 'maplibre-gl'
import { useMemo } from 'react'
import { Layer, Source } from 'react-map-gl/maplibre'
import { PARCEL_OUTLINES_MIN_ZOOM } from '@/lib/cadastre/outline-limits'
import { MAP_COLOURS } from '@/lib/explorer/map-style'
import { normaliseView, type MapView } from '@/lib/explorer/map-view'
import { bffFetch, retryUnlessClientError } from '@/lib/queries/bff-client'
import { useDebounced } from './use-debounced'

/** Milliseconds the map must stay still before its view's parcels are asked for. */
const OUTLINES_DEBOUNCE_MS = 250

export const PARCEL_SOURCE_ID = 'parcelles'
export const PARCEL_LAYER_ID = 'parcelles-contours'

type OutlineCollection = FeatureCollection<Polygon | MultiPolygon, { id: string; contenance: number }>

const EMPTY: OutlineCollection = { type: 'FeatureCollection', features: [] }

/** The view of a map (bounds and zoom), as the outlines are asked for. */
export function mapView(map: MapLibreMap): MapView {
  const bounds = map.getBounds()
  return normaliseView(
    { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
    map.getZoom(),
  )
}

export const parcelOutlinesUrl = (view: MapView) => `/bff/cadastre/parcelles?bbox=${view.bbox.join(',')}`

/** The outlines of the view's parcels, asked for from zoom 16 only. */
export function useParcelOutlines(view: MapView | null) {
  const settled = useDebounced(view, OUTLINES_DEBOUNCE_MS)
  const wanted = settled !== null && settled.zoom >= PARCEL_OUTLINES_MIN_ZOOM ? settled : null
  return useQuery({
    queryKey: ['parcel-outlines', wanted ? wanted.bbox.join(',') : null],
    queryFn: ({ signal }) => bffFetch<OutlineCollection>(parcelOutlinesUrl(wanted!), { signal }),
    enabled: wanted !== null,
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
    // While the next view loads, the outlines of the previous one stay drawn (not below zoom 16).
    placeholderData: (previous) => (wanted ? previous : undefined),
  })
}

/** The outline layer of the view's parcels (nothing below zoom 16). */
export function ParcelOutlines({ view }: { view: MapView | null }) {
  const outlines = useParcelOutlines(view)
  const data = useMemo(() => outlines.data ?? EMPTY, [outlines.data])
  const shown = view !== null && view.zoom >= PARCEL_OUTLINES_MIN_ZOOM
  return (
    <Source id={PARCEL_SOURCE_ID} type="geojson" data={shown ? data : EMPTY}>
      <Layer
        id={PARCEL_LAYER_ID}
        type="line"
        minzoom={PARCEL_OUTLINES_MIN_ZOOM}
        paint={{
          'line-color': MAP_COLOURS.parcel,
          'line-opacity': 0.75,
          // Thin at street level, a little thicker when the parcels fill the screen.
          'line-width': ['interpolate', ['linear'], ['zoom'], 16, 0.6, 19, 1.4],
        }}
        layout={{ 'line-join': 'round' }}
      />
    </Source>
  )
}
