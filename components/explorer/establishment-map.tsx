'use client'

// Client-only wrapper of the record page's map (MapLibre needs the browser).
import dynamic from 'next/dynamic'
import './explorer.css'

const Canvas = dynamic(() => import('./establishment-map-canvas'), {
  ssr: false,
  loading: () => <div className="map-placeholder" aria-hidden="true" />,
})

export function EstablishmentMap({ longitude, latitude }: { longitude: number; latitude: number }) {
  return (
    <div
      className="map-frame map-frame-small"
      data-testid="establishment-map"
      role="region"
      aria-label={`Position de l’établissement : longitude ${longitude.toFixed(5)}, latitude ${latitude.toFixed(5)}`}
    >
      <Canvas longitude={longitude} latitude={latitude} />
    </div>
  )
}
