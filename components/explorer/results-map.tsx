'use client'

// The map of a search's GeoJSON points (spec §2.5): one clustered GeoJSON source drawn with WebGL
// circle layers (no DOM markers, no text: no glyph server is reachable). A click on a cluster zooms
// to where it splits; a click on a point opens a popup listing its establishments with links. The
// view fits the results whenever they change.
import 'maplibre-gl/dist/maplibre-gl.css'
import { useQuery } from '@tanstack/react-query'
import { getVersion, type GeoJSONSource, type Map as MapLibreMap } from 'maplibre-gl'
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
import type { EstablishmentWire } from '@/lib/establishments/serialise'
import { FRANCE_BOUNDS, MAP_COLOURS, offlineMapStyle, resultsBounds } from '@/lib/explorer/map-style'
import { bffFetch, errorMessage, retryUnlessClientError } from '@/lib/queries/bff-client'

export interface PointFeature {
  type: 'Feature'
  geometry: { type: 'Point'; coordinates: [number, number] }
  properties: { etablissements: Array<{ id: string; url: string }> }
}
export interface PointCollection {
  type: 'FeatureCollection'
  features: PointFeature[]
}

/** MapLibre's worker, served by app/carte/…/route.ts (DESIGN §8); the version busts caches. */
export const MAP_WORKER_URL = `/carte/maplibre-gl-worker.mjs?v=${getVersion()}`

/** French labels of MapLibre's own controls. */
export const MAP_LOCALE = {
  'Map.Title': 'Carte',
  'NavigationControl.ZoomIn': 'Zoom avant',
  'NavigationControl.ZoomOut': 'Zoom arrière',
  'NavigationControl.ResetBearing': 'Réorienter vers le nord',
  'AttributionControl.ToggleAttribution': 'Afficher ou masquer les sources',
  'Popup.Close': 'Fermer',
}

declare global {
  interface Window {
    /** The explorer's map, for end-to-end tests (queryRenderedFeatures, idle events). */
    __explorerMap?: MapLibreMap
  }
}

interface ResultsMapProps {
  points: PointCollection | undefined
  loading: boolean
  error: unknown
  /** Establishments matching the search (from the result pages), to say what the map leaves out. */
  total: number | undefined
  /** When the points arrived (ms since the epoch): the map's idle time is measured from there. */
  receivedAt: number
}

interface OpenPopup {
  longitude: number
  latitude: number
  sirets: string[]
  /** The points it was opened on: a new search closes it. */
  of: PointCollection
}

export default function ResultsMap({ points, loading, error, total, receivedAt }: ResultsMapProps) {
  const mapRef = useRef<MapRef>(null)
  const [popup, setPopup] = useState<OpenPopup | null>(null)
  const [mapReady, setMapReady] = useState(false)
  const style = useMemo(
    () => offlineMapStyle(typeof window === 'undefined' ? '' : window.location.origin),
    [],
  )
  // What MapLibre gets: the positions and a count, the feature id indexing `points` (its worker
  // copies and tiles every property, and the lists of establishments are only needed by popups).
  const data = useMemo(
    () => ({
      type: 'FeatureCollection' as const,
      features: (points?.features ?? []).map((f, index) => ({
        type: 'Feature' as const,
        id: index,
        geometry: f.geometry,
        properties: { n: f.properties.etablissements.length },
      })),
    }),
    [points],
  )
  const located = useMemo(
    () => (points?.features ?? []).reduce((n, f) => n + f.properties.etablissements.length, 0),
    [points],
  )
  const [idleMs, setIdleMs] = useState<number | null>(null)

  // Fit the results (France when there is none) and time how long the map takes to be idle once
  // the points have arrived (exposed as data-idle-ms for the end-to-end tests).
  useEffect(() => {
    const map = mapRef.current?.getMap()
    if (!map || !mapReady || !points) return
    const bounds = resultsBounds(points.features) ?? FRANCE_BOUNDS
    map.fitBounds(bounds, { padding: 40, maxZoom: 13, duration: 0 })
    let cancelled = false
    map.once('idle', () => {
      if (!cancelled) setIdleMs(Date.now() - receivedAt)
    })
    return () => {
      cancelled = true
    }
  }, [points, mapReady, receivedAt])

  const onClick = useCallback(
    (event: MapLayerMouseEvent) => {
      const feature = event.features?.[0]
      const map = mapRef.current?.getMap()
      if (!feature || !map || feature.geometry.type !== 'Point') return
      const [longitude, latitude] = feature.geometry.coordinates as [number, number]
      const props = feature.properties as Record<string, unknown>
      if (typeof props.cluster_id === 'number') {
        const source = map.getSource<GeoJSONSource>('etablissements')
        void source
          ?.getClusterExpansionZoom(props.cluster_id)
          .then((zoom) => map.easeTo({ center: [longitude, latitude], zoom, duration: 400 }))
        return
      }
      const point = typeof feature.id === 'number' ? points?.features[feature.id] : undefined
      if (point && points) {
        setPopup({
          longitude,
          latitude,
          sirets: point.properties.etablissements.map((e) => e.id),
          of: points,
        })
      }
    },
    [points],
  )

  let note: string | null = null
  if (error) note = `La carte n’a pas pu être chargée : ${errorMessage(error)}`
  else if (points && total !== undefined && located < total)
    note = `La carte montre ${located.toLocaleString('fr-FR')} des ${total.toLocaleString('fr-FR')} établissements : ceux qui ont une position, dans la limite de 10 000 points.`

  return (
    <section className="results-map" aria-labelledby="carte-titre">
      <h2 id="carte-titre">Carte des résultats</h2>
      <p className="map-legend">
        <span className="legend-dot legend-point" aria-hidden="true" /> établissement
        <span className="legend-dot legend-small" aria-hidden="true" /> groupe de moins de 50 points
        <span className="legend-dot legend-medium" aria-hidden="true" /> moins de 500
        <span className="legend-dot legend-large" aria-hidden="true" /> 500 et plus ; cliquez pour zoomer
      </p>
      {note ? (
        <p className="map-note" role="status">
          {note}
        </p>
      ) : null}
      <div
        className="map-frame"
        data-testid="results-map"
        data-state={loading ? 'loading' : points ? 'ready' : 'empty'}
        data-points={data.features.length}
        data-idle-ms={idleMs ?? undefined}
      >
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
          onLoad={(event) => {
            window.__explorerMap = event.target
            setMapReady(true)
          }}
          style={{ width: '100%', height: '100%' }}
        >
          <NavigationControl showCompass={false} />
          <AttributionControl compact={false} />
          <Source
            id="etablissements"
            type="geojson"
            data={data}
            cluster
            clusterMaxZoom={13}
            clusterRadius={40}
          >
            <Layer
              id="groupes"
              type="circle"
              filter={['has', 'point_count']}
              paint={{
                'circle-color': [
                  'step',
                  ['get', 'point_count'],
                  MAP_COLOURS.clusterSmall,
                  50,
                  MAP_COLOURS.clusterMedium,
                  500,
                  MAP_COLOURS.clusterLarge,
                ],
                'circle-radius': ['step', ['get', 'point_count'], 12, 50, 18, 500, 26],
                'circle-opacity': 0.85,
                'circle-stroke-width': 2,
                'circle-stroke-color': MAP_COLOURS.pointStroke,
              }}
            />
            <Layer
              id="points"
              type="circle"
              filter={['!', ['has', 'point_count']]}
              paint={{
                'circle-color': MAP_COLOURS.point,
                'circle-radius': 6,
                'circle-stroke-width': 1.5,
                'circle-stroke-color': MAP_COLOURS.pointStroke,
              }}
            />
          </Source>
          {popup && popup.of === points ? (
            <Popup
              longitude={popup.longitude}
              latitude={popup.latitude}
              onClose={() => setPopup(null)}
              closeOnClick={false}
              maxWidth="320px"
            >
              <PointPopup sirets={popup.sirets} />
            </Popup>
          ) : null}
        </MapGL>
      </div>
    </section>
  )
}

/** The establishments at one point, named (one request for all of them). */
function PointPopup({ sirets }: { sirets: string[] }) {
  const query = sirets
    .slice(0, 100)
    .map((s) => `search[siret][]=${s}`)
    .join('&')
  const details = useQuery({
    queryKey: ['popup', query],
    queryFn: ({ signal }) =>
      bffFetch<{ etablissements: EstablishmentWire[] }>(`/bff/etablissements?${query}&size=100`, { signal }),
    retry: retryUnlessClientError,
  })
  const byId = new Map(details.data?.etablissements.map((e) => [e.siret, e]))
  return (
    <div className="map-popup" data-testid="map-popup">
      <p className="map-popup-title">
        {sirets.length} établissement{sirets.length > 1 ? 's' : ''} à cette adresse
      </p>
      <ul>
        {sirets.map((siret) => {
          const e = byId.get(siret)
          return (
            <li key={siret}>
              <Link href={`/etablissements/${siret}`}>{e ? e.entreprise : siret}</Link>
              {e ? <span className="muted"> · {e.adresse}</span> : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
