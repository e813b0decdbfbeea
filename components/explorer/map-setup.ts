// What every MapLibre map of the app shares: the worker's address and French labels of the controls.
import { getVersion } from 'maplibre-gl'

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
