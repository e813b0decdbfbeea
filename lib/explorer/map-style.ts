// The explorer's map styles. The offline style needs nothing but the app: department and region
// outlines of public/geo (served at /carte/*.geojson), commune outlines and names at city zooms
// (vector tiles made by the app, /carte/communes/:z/:x/:y), and text drawn by MapLibre from font
// files the app serves out of an installed package (/carte/polices/…, the style's `font-faces`):
// no tile, glyph or font server. A deployment with internet may instead name an external MapLibre
// style (MAP_STYLE_URL); the app's fonts are added to it for the establishments' labels.
// Establishments are drawn on top by the map components.
import type { StyleSpecification } from 'maplibre-gl'

export const OUTLINES_ATTRIBUTION = 'Contours : IGN Admin Express 2018, INSEE COG 2018, Licence Ouverte'

/** Metropolitan France with Corsica, as [[west, south], [east, north]]. */
export const FRANCE_BOUNDS: [[number, number], [number, number]] = [
  [-5.3, 41.2],
  [9.7, 51.2],
]

/**
 * Colours of the map. Groups of establishments are shades of one blue, darker for more: a count
 * is information, never an alarm.
 */
export const MAP_COLOURS = {
  land: '#f6f6f2',
  water: '#dbe7f0',
  departement: '#9a9a9a',
  region: '#4a4a4a',
  commune: '#b8b8c8',
  communeName: '#3a3a3a',
  halo: '#ffffff',
  point: '#000091',
  pointStroke: '#ffffff',
  clusterSmall: '#cacafb',
  clusterMedium: '#8585f6',
  clusterLarge: '#313178',
  clusterText: '#161616',
  clusterTextOnDark: '#ffffff',
  /** Outlines of cadastral parcels (street zooms): a warm brown apart from the blue points. */
  parcel: '#8c5a2b',
} as const

/** Font names of the map's text (`text-font`), drawn from the files of MAP_FONT_FILES. */
export const MAP_FONTS = { regular: 'Noto Sans Regular (app)', bold: 'Noto Sans Bold (app)' } as const

/** The font files the app serves (/carte/polices/<file>), from @fontsource/noto-sans. */
export const MAP_FONT_FILES = {
  [MAP_FONTS.regular]: ['noto-sans-latin-400-normal.woff2', 'noto-sans-latin-ext-400-normal.woff2'],
  [MAP_FONTS.bold]: ['noto-sans-latin-700-normal.woff2', 'noto-sans-latin-ext-700-normal.woff2'],
} as const

// The Unicode ranges of the two subsets (as @fontsource declares them), so each file is fetched
// only when a text needs one of its characters.
const LATIN = [
  'U+0000-00FF',
  'U+0131',
  'U+0152-0153',
  'U+02BB-02BC',
  'U+02C6',
  'U+02DA',
  'U+02DC',
  'U+0304',
  'U+0308',
  'U+0329',
  // Punctuation and spaces, among them the narrow no-break space of French numbers (« 12 345 »).
  'U+2000-206F',
  'U+20AC',
  'U+2122',
  'U+2212',
]
const LATIN_EXT = ['U+0100-02BA', 'U+02BD-02C5', 'U+02C7-02CC', 'U+02CE-02D7', 'U+02DD-02FF', 'U+1E00-1EFF']

export const MAP_FONT_NAMES: readonly string[] = Object.values(MAP_FONT_FILES).flat()

/** The style's `font-faces`: the app's font files by font name. */
export function mapFontFaces(origin = ''): NonNullable<StyleSpecification['font-faces']> {
  const faces: NonNullable<StyleSpecification['font-faces']> = {}
  for (const [font, [latin, latinExt]] of Object.entries(MAP_FONT_FILES)) {
    faces[font] = [
      { url: `${origin}/carte/polices/${latin}`, 'unicode-range': LATIN },
      { url: `${origin}/carte/polices/${latinExt}`, 'unicode-range': LATIN_EXT },
    ]
  }
  return faces
}

/** Zooms from which commune outlines, then their names, are drawn (city zooms). */
export const COMMUNE_OUTLINE_ZOOM = 9
export const COMMUNE_NAME_ZOOM = 10

export function offlineMapStyle(origin = ''): StyleSpecification {
  return {
    version: 8,
    name: 'Contours administratifs',
    'font-faces': mapFontFaces(origin),
    sources: {
      departements: {
        type: 'geojson',
        data: `${origin}/carte/departements.geojson`,
        attribution: OUTLINES_ATTRIBUTION,
      },
      regions: { type: 'geojson', data: `${origin}/carte/regions.geojson` },
      communes: {
        type: 'vector',
        tiles: [`${origin}/carte/communes/{z}/{x}/{y}`],
        // Made from zoom 8 to 12 (lib/territory/commune-tiles), enlarged beyond.
        minzoom: 8,
        maxzoom: 12,
      },
    },
    layers: [
      { id: 'fond', type: 'background', paint: { 'background-color': MAP_COLOURS.water } },
      {
        id: 'departements-surface',
        type: 'fill',
        source: 'departements',
        paint: { 'fill-color': MAP_COLOURS.land },
      },
      {
        id: 'communes-contour',
        type: 'line',
        source: 'communes',
        'source-layer': 'contours',
        minzoom: COMMUNE_OUTLINE_ZOOM,
        paint: {
          'line-color': MAP_COLOURS.commune,
          'line-width': ['interpolate', ['linear'], ['zoom'], 9, 0.5, 14, 1.5],
        },
      },
      {
        id: 'departements-contour',
        type: 'line',
        source: 'departements',
        paint: { 'line-color': MAP_COLOURS.departement, 'line-width': 0.6 },
      },
      {
        id: 'regions-contour',
        type: 'line',
        source: 'regions',
        paint: { 'line-color': MAP_COLOURS.region, 'line-width': 1.4 },
      },
      {
        id: 'communes-noms',
        type: 'symbol',
        source: 'communes',
        'source-layer': 'noms',
        minzoom: COMMUNE_NAME_ZOOM,
        layout: {
          'text-field': ['get', 'nom'],
          'text-font': [MAP_FONTS.regular],
          'text-size': ['interpolate', ['linear'], ['zoom'], 10, 11, 14, 14],
          // The most populated communes are named first where labels would collide.
          'symbol-sort-key': ['-', ['get', 'population']],
          'text-max-width': 8,
          'text-padding': 4,
        },
        paint: {
          'text-color': MAP_COLOURS.communeName,
          'text-halo-color': MAP_COLOURS.halo,
          'text-halo-width': 1.5,
        },
      },
    ],
  }
}

/**
 * An external style (MAP_STYLE_URL) with the app's fonts added to its `font-faces`, so that the
 * establishments' labels draw whatever glyphs the style has.
 */
export function withAppFonts(style: StyleSpecification, origin = ''): StyleSpecification {
  return { ...style, 'font-faces': { ...(style['font-faces'] ?? {}), ...mapFontFaces(origin) } }
}

type Bounds = [[number, number], [number, number]]
type PointLike = { geometry: { coordinates: readonly number[] } }

const inside =
  ([[west, south], [east, north]]: Bounds) =>
  (f: PointLike) => {
    const [lon, lat] = f.geometry.coordinates as [number, number]
    return lon >= west && lon <= east && lat >= south && lat <= north
  }

/**
 * The view to fit for a search's points: those in metropolitan France when there are some (a few
 * overseas points would otherwise shrink France to a dot; they stay a pan away), else all of them;
 * null when there is no point.
 */
export function resultsBounds(features: readonly PointLike[]): Bounds | null {
  const metropolitan = features.filter(inside(FRANCE_BOUNDS))
  return pointsBounds(metropolitan.length > 0 ? metropolitan : features)
}

/** Bounds of GeoJSON points as [[west, south], [east, north]], or null when there is none. */
export function pointsBounds(features: readonly PointLike[]): Bounds | null {
  if (features.length === 0) return null
  let west = Infinity
  let south = Infinity
  let east = -Infinity
  let north = -Infinity
  for (const { geometry } of features) {
    const [lon, lat] = geometry.coordinates as [number, number]
    if (lon < west) west = lon
    if (lon > east) east = lon
    if (lat < south) south = lat
    if (lat > north) north = lat
  }
  return [
    [west, south],
    [east, north],
  ]
}
