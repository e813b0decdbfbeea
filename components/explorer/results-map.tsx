'use client'

// The map of a search (loaded on the client only, by map-panel.tsx): the clusters of
// GET /bff/etablissements/clusters for the view the map shows, drawn with WebGL layers (circles and
// their counts; single establishments as points). A new search first asks for the clusters of the
// whole world at a coarse zoom and fits their extent; every pan or zoom then asks for the view's
// clusters once the map has stopped moving (debounced; a request for a view left behind is
// cancelled). A click on a group zooms to its extent, or lists its establishments when they are all
// at one place; a click on a point opens the establishment's popup. From zoom 16 the cadastral
// parcels of the view are drawn as thin outlines under the points (parcel-outlines.tsx).
import 'maplibre-gl/dist/maplibre-gl.css'
import { useQuery } from '@tanstack/react-query'
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl'
import Link from 'next/link'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import MapGL, {
  AttributionControl,
  Layer,
  NavigationControl,
  Popup,
  Source,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre'
import type { EstablishmentDetailWire, EstablishmentWire } from '@/lib/establishments/serialise'
import {
  FRANCE_BOUNDS,
  MAP_COLOURS,
  MAP_FONTS,
  offlineMapStyle,
  withAppFonts,
} from '@/lib/explorer/map-style'
import {
  clusterLabel,
  clustersBounds,
  isOnePlace,
  normaliseView,
  viewQuery,
  WORLD_VIEW,
  type ClusterCollection,
  type MapView,
} from '@/lib/explorer/map-view'
import { bffFetch, retryUnlessClientError } from '@/lib/queries/bff-client'
import { MAP_LOCALE, MAP_WORKER_URL } from './map-setup'
import { ParcelOutlines } from './parcel-outlines'
import { useDebounced } from './use-debounced'

declare global {
  interface Window {
    /** The explorer's map, for end-to-end tests (queryRenderedFeatures, idle events). */
    __explorerMap?: MapLibreMap
  }
}

/** What the map holds, for the panel around it (note, test attributes). */
export interface MapSummary {
  state: 'loading' | 'ready' | 'error'
  /** Located establishments of the search in the view, and in the world. */
  inView: number
  located: number
  groups: number
  features: number
  /** The view the counts are for (`bbox=…&zoom=…`). */
  view: string
  error: unknown
  /** The external style could not be loaded: the offline one is shown. */
  styleFailed: boolean
}

interface ResultsMapProps {
  /** The search as the BFF's query string (`search[…]=…`), '' for every establishment. */
  search: string
  /** An external MapLibre style (MAP_STYLE_URL), or null for the offline style. */
  styleUrl: string | null
  onSummary: (summary: MapSummary) => void
}

/** Milliseconds the map must stay still before its view's clusters are asked for. */
const VIEW_DEBOUNCE_MS = 250

type OpenPopup =
  | { kind: 'point'; longitude: number; latitude: number; siret: string }
  | {
      kind: 'place'
      longitude: number
      latitude: number
      bbox: [number, number, number, number]
      count: number
    }

const clustersUrl = (search: string, view: MapView) =>
  `/bff/etablissements/clusters?${search ? `${search}&` : ''}${viewQuery(view)}`

/** The map's style: the offline one, or the external one with the app's fonts (offline if it fails). */
function useMapStyle(styleUrl: string | null): { style: StyleSpecification | null; failed: boolean } {
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const offline = useMemo(() => offlineMapStyle(origin), [origin])
  const external = useQuery({
    queryKey: ['map-style', styleUrl],
    queryFn: async ({ signal }) => {
      const response = await fetch(styleUrl!, { signal })
      if (!response.ok) throw new Error(`style ${response.status}`)
      return withAppFonts((await response.json()) as StyleSpecification, origin)
    },
    enabled: styleUrl !== null,
    staleTime: Infinity,
    retry: 1,
  })
  if (styleUrl === null) return { style: offline, failed: false }
  if (external.isError) return { style: offline, failed: true }
  return { style: external.data ?? null, failed: false }
}

export default function ResultsMap({ search, styleUrl, onSummary }: ResultsMapProps) {
  const mapRef = useRef<MapRef>(null)
  const [mapReady, setMapReady] = useState(false)
  const [popup, setPopup] = useState<OpenPopup | null>(null)
  // The view the map shows (set when it stops moving) and the search it was fitted for.
  const [view, setView] = useState<MapView | null>(null)
  const [fittedFor, setFittedFor] = useState<string | null>(null)
  const settledView = useDebounced(view, VIEW_DEBOUNCE_MS)
  const { style, failed: styleFailed } = useMapStyle(styleUrl)

  // The search's extent (and its number of located establishments): coarse clusters of the world.
  const extent = useQuery({
    queryKey: ['clusters', search, viewQuery(WORLD_VIEW)],
    queryFn: ({ signal }) => bffFetch<ClusterCollection>(clustersUrl(search, WORLD_VIEW), { signal }),
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
  })

  // A new search: fit its extent (metropolitan France first), then the view's clusters follow.
  useEffect(() => {
    const map = mapRef.current?.getMap()
    if (!map || !mapReady || !extent.data || fittedFor === search) return
    setPopup(null)
    const bounds = clustersBounds(extent.data.features) ?? FRANCE_BOUNDS
    map.fitBounds(bounds, { padding: 40, maxZoom: 14, duration: 0 })
    setFittedFor(search)
    setView(readView(map))
  }, [extent.data, mapReady, search, fittedFor])

  const current = fittedFor === search ? settledView : null
  const clusters = useQuery({
    queryKey: ['clusters', search, current ? viewQuery(current) : ''],
    queryFn: ({ signal }) => bffFetch<ClusterCollection>(clustersUrl(search, current!), { signal }),
    enabled: current !== null,
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
    // While a new view loads, the previous view's clusters of the same search stay on the map.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === search ? previous : undefined,
  })

  // What MapLibre gets: positions, counts and labels; the feature id indexes the response.
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: (clusters.data?.features ?? []).map((f, index) => ({
        type: 'Feature' as const,
        id: index,
        geometry: f.geometry,
        properties: { count: f.properties.count, label: clusterLabel(f.properties.count) },
      })),
    }),
    [clusters.data],
  )

  // The view is "ready" once its clusters are drawn and the map is idle.
  const [drawn, setDrawn] = useState<ClusterCollection | null>(null)
  useEffect(() => {
    const map = mapRef.current?.getMap()
    if (!map || !clusters.data) return
    let cancelled = false
    const shown = clusters.data
    map.once('idle', () => {
      if (!cancelled) setDrawn(shown)
    })
    map.triggerRepaint()
    return () => {
      cancelled = true
    }
  }, [clusters.data])

  const error = extent.error ?? clusters.error
  const loading = extent.isFetching || clusters.isFetching || clusters.isPlaceholderData || !clusters.data
  const summary: MapSummary = {
    state: error ? 'error' : !loading && drawn === clusters.data ? 'ready' : 'loading',
    inView: clusters.data?.total ?? 0,
    located: extent.data?.total ?? 0,
    groups: clusters.data?.features.filter((f) => f.properties.count > 1).length ?? 0,
    features: clusters.data?.features.length ?? 0,
    view: current ? viewQuery(current) : '',
    error,
    styleFailed,
  }
  const summaryKey = JSON.stringify({ ...summary, error: summary.error ? String(summary.error) : null })
  useEffect(() => {
    onSummary(summary)
    // The summary is compared by value: a new object with the same content is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summaryKey, onSummary])

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0]
      const map = mapRef.current?.getMap()
      const source = typeof feature?.id === 'number' ? clusters.data?.features[feature.id] : undefined
      if (!map || !source) return
      const [longitude, latitude] = source.geometry.coordinates
      const props = source.properties
      if ('id' in props) {
        makeRoomForPopup(map, [longitude, latitude])
        setPopup({ kind: 'point', longitude, latitude, siret: props.id })
        return
      }
      if (isOnePlace(props.bbox) || map.getZoom() >= 18) {
        makeRoomForPopup(map, [longitude, latitude])
        setPopup({ kind: 'place', longitude, latitude, bbox: props.bbox, count: props.count })
        return
      }
      const [west, south, east, north] = props.bbox
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: 60, maxZoom: 18, duration: 400 },
      )
    },
    [clusters.data],
  )

  if (!style) return <div className="map-placeholder" aria-hidden="true" />
  return (
    <MapGL
      ref={mapRef}
      initialViewState={{ bounds: FRANCE_BOUNDS }}
      mapStyle={style}
      workerUrl={MAP_WORKER_URL}
      locale={MAP_LOCALE}
      attributionControl={false}
      fadeDuration={0}
      interactiveLayerIds={['groupes', 'points']}
      onClick={onClick}
      onMoveEnd={(event) => setView(readView(event.target))}
      onLoad={(event) => {
        window.__explorerMap = event.target
        setMapReady(true)
      }}
      style={{ width: '100%', height: '100%' }}
    >
      <NavigationControl showCompass={false} />
      <AttributionControl compact={false} />
      {/* Before the establishments' source: its outlines lie under the groups and points. */}
      <ParcelOutlines view={view} />
      <Source id="etablissements" type="geojson" data={data}>
        <Layer
          id="groupes"
          type="circle"
          filter={['>', ['get', 'count'], 1]}
          paint={{
            'circle-color': [
              'step',
              ['get', 'count'],
              MAP_COLOURS.clusterSmall,
              100,
              MAP_COLOURS.clusterMedium,
              1000,
              MAP_COLOURS.clusterLarge,
            ],
            // The area grows with the count, within bounds that keep the map readable.
            'circle-radius': ['interpolate', ['linear'], ['sqrt', ['get', 'count']], 1, 12, 30, 20, 300, 30],
            'circle-stroke-width': 2,
            'circle-stroke-color': MAP_COLOURS.pointStroke,
          }}
        />
        <Layer
          id="groupes-nombres"
          type="symbol"
          filter={['>', ['get', 'count'], 1]}
          layout={{
            'text-field': ['get', 'label'],
            'text-font': [MAP_FONTS.bold],
            'text-size': 12,
            'text-allow-overlap': true,
            'text-ignore-placement': true,
          }}
          paint={{
            'text-color': [
              'step',
              ['get', 'count'],
              MAP_COLOURS.clusterText,
              100,
              MAP_COLOURS.clusterTextOnDark,
            ],
          }}
        />
        <Layer
          id="points"
          type="circle"
          filter={['==', ['get', 'count'], 1]}
          paint={{
            'circle-color': MAP_COLOURS.point,
            'circle-radius': 6,
            'circle-stroke-width': 1.5,
            'circle-stroke-color': MAP_COLOURS.pointStroke,
          }}
        />
      </Source>
      {popup ? (
        <Popup
          longitude={popup.longitude}
          latitude={popup.latitude}
          onClose={() => setPopup(null)}
          closeOnClick={false}
          anchor="bottom"
          maxWidth={`min(${POPUP_WIDTH}px, calc(100% - 24px))`}
        >
          {popup.kind === 'point' ? (
            <EstablishmentPopup siret={popup.siret} />
          ) : (
            <PlacePopup search={search} bbox={popup.bbox} count={popup.count} />
          )}
        </Popup>
      ) : null}
    </MapGL>
  )
}

/** Widest and tallest a popup gets (CSS: .maplibregl-popup-content), in pixels. */
const POPUP_WIDTH = 320
const POPUP_HEIGHT = 250

/**
 * Moves the map, when needed, so that a popup opened above `position` fits inside it: the point
 * centred across and low enough for the popup's height (a phone's map is barely wider than a popup).
 */
function makeRoomForPopup(map: MapLibreMap, position: [number, number]) {
  const { clientWidth: width, clientHeight: height } = map.getContainer()
  const popupWidth = Math.min(POPUP_WIDTH, width - 24)
  const { x, y } = map.project(position)
  const fits =
    x - popupWidth / 2 >= 8 && x + popupWidth / 2 <= width - 8 && y - POPUP_HEIGHT >= 8 && y <= height
  if (fits) return
  const below = Math.min(height - 24, Math.max(height / 2, POPUP_HEIGHT + 16))
  map.easeTo({ center: position, offset: [0, below - height / 2], duration: 300 })
}

function readView(map: MapLibreMap): MapView {
  const bounds = map.getBounds()
  return normaliseView(
    { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
    map.getZoom(),
  )
}

/** One establishment: name, trade name, address and activity, with a link to its record. */
function EstablishmentPopup({ siret }: { siret: string }) {
  const record = useQuery({
    queryKey: ['etablissement', siret],
    queryFn: ({ signal }) => bffFetch<EstablishmentDetailWire>(`/bff/etablissements/${siret}`, { signal }),
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
  })
  const e = record.data
  return (
    <div className="map-popup" data-testid="map-popup">
      <p className="map-popup-title">
        <Link href={`/etablissements/${siret}`}>{e ? e.entreprise : `Établissement ${siret}`}</Link>
      </p>
      {e ? (
        <>
          {e.enseigne || e.denomination_usuelle ? <p>{e.enseigne || e.denomination_usuelle}</p> : null}
          <p>{e.adresse}</p>
          <p className="muted">
            {e.libelle_naf} · SIRET <span className="siret">{e.siret}</span>
          </p>
        </>
      ) : (
        <p className="muted">{record.isError ? 'Fiche indisponible.' : 'Chargement…'}</p>
      )}
    </div>
  )
}

/** The establishments of a group that are all at one place (one page of the search in its extent). */
function PlacePopup({
  search,
  bbox,
  count,
}: {
  search: string
  bbox: [number, number, number, number]
  count: number
}) {
  const query = `${search ? `${search}&` : ''}bbox=${bbox.join(',')}&page=1&size=20`
  const page = useQuery({
    queryKey: ['etablissements', query],
    queryFn: ({ signal }) =>
      bffFetch<{ total: number; etablissements: EstablishmentWire[] }>(`/bff/etablissements?${query}`, {
        signal,
      }),
    retry: retryUnlessClientError,
  })
  const rows = page.data?.etablissements ?? []
  return (
    <div className="map-popup" data-testid="map-popup">
      <p className="map-popup-title">{count.toLocaleString('fr-FR')} établissements à cette adresse</p>
      <ul>
        {rows.map((e) => (
          <li key={e.siret}>
            <Link href={`/etablissements/${e.siret}`}>{e.entreprise}</Link>
            <span className="muted"> · {e.adresse}</span>
          </li>
        ))}
      </ul>
      {page.data && page.data.total > rows.length ? (
        <p className="muted">et {(page.data.total - rows.length).toLocaleString('fr-FR')} autres</p>
      ) : null}
    </div>
  )
}
