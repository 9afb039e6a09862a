import type * as Leaflet from 'leaflet';
import { useEffect, useRef } from 'react';
import './PriceMap.css';

export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** What the marker shows (a price), or `null` for a plain pin. */
  label: string | null;
  /** The marker's accessible name. */
  title: string;
  isActive?: boolean;
}

export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface PriceMapProps {
  markers: MapMarker[];
  /** The map's accessible name. */
  label: string;
  /** `fit`: start at zoom 1 and fit the markers (search); `center`: centre on the first marker at `zoom`. */
  mode: 'fit' | 'center';
  zoom?: number;
  /** Fit again when this key changes (a new search that is not driven by the map itself). */
  fitKey?: string;
  onMarkerSelect?: (id: string) => void;
  /**
   * Every bounds change the user makes, and the first fit (core's search page ignores the first change):
   * later fits to new results are not reported, so results never chase the map.
   */
  onBoundsChange?: (bounds: MapBounds) => void;
  height?: string;
  className?: string;
}

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * A Leaflet map (imported lazily: it needs `window`) with OpenStreetMap tiles — without a network the
 * tiles stay grey and the markers still work. Markers are keyboard-focusable buttons named by `title`.
 */
export function PriceMap({
  markers,
  label,
  mode,
  zoom = 13,
  fitKey,
  onMarkerSelect,
  onBoundsChange,
  height = '400px',
  className,
}: PriceMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const state = useRef<{
    L: typeof Leaflet;
    map: Leaflet.Map;
    layer: Leaflet.LayerGroup;
    fits: number;
    fitting: boolean;
    /** A fit was asked for while the map had no size (hidden on a phone): it is made when the map shows. */
    pendingFit: boolean;
  } | null>(null);
  const callbacks = useRef({ onMarkerSelect, onBoundsChange });
  callbacks.current = { onMarkerSelect, onBoundsChange };
  const latest = useRef({ markers, mode, zoom });
  latest.current = { markers, mode, zoom };

  // Create the map once; later props go through refs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount.
  useEffect(() => {
    let cancelled = false;
    let created: Leaflet.Map | null = null;
    void (async () => {
      const L = (await import('leaflet')).default;
      await import('leaflet/dist/leaflet.css').catch(() => undefined);
      if (cancelled || !container.current) return;
      const map = L.map(container.current, {
        center: [20, 0],
        zoom: 1,
        worldCopyJump: true,
        scrollWheelZoom: false,
        keyboard: true,
      });
      created = map;
      L.tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION }).addTo(map);
      const layer = L.layerGroup().addTo(map);
      state.current = { L, map, layer, fits: 0, fitting: false, pendingFit: false };
      map.on('moveend', () => {
        const s = state.current;
        if (!s || s.fitting) return;
        const b = map.getBounds();
        callbacks.current.onBoundsChange?.({
          south: b.getSouth(),
          west: b.getWest(),
          north: b.getNorth(),
          east: b.getEast(),
        });
      });
      drawMarkers();
      position();
    })();
    return () => {
      cancelled = true;
      created?.remove();
      state.current = null;
    };
  }, []);

  function drawMarkers() {
    const s = state.current;
    if (!s) return;
    const { L, layer } = s;
    layer.clearLayers();
    for (const m of latest.current.markers) {
      const icon = m.label
        ? L.divIcon({
            className: `price-marker${m.isActive ? ' price-marker--active' : ''}`,
            html: `<span>${escapeHtml(m.label)}</span>`,
            // No size: the label sizes itself (Leaflet would otherwise set 12×12 inline).
            iconSize: null as unknown as undefined,
          })
        : L.divIcon({
            className: 'pin-marker',
            html: '<span class="pin-marker__dot"></span>',
            iconSize: [24, 24],
            iconAnchor: [12, 24],
          });
      const marker = L.marker([m.latitude, m.longitude], {
        icon,
        keyboard: Boolean(callbacks.current.onMarkerSelect),
        interactive: Boolean(callbacks.current.onMarkerSelect),
        title: m.title,
        riseOnHover: true,
        zIndexOffset: m.isActive ? 1000 : 0,
      });
      marker.on('click', () => callbacks.current.onMarkerSelect?.(m.id));
      marker.addTo(layer);
      const el = marker.getElement();
      el?.setAttribute('aria-label', m.title);
      if (!callbacks.current.onMarkerSelect) el?.setAttribute('aria-hidden', 'true');
    }
  }

  /**
   * Fit the markers (or centre on the one place). Leaflet moves synchronously without animation, so the
   * `moveend` of every fit after the first one happens while `fitting` is set and is not reported.
   */
  function position() {
    const s = state.current;
    if (!s) return;
    const { L, map } = s;
    const points = latest.current.markers.map((m) => [m.latitude, m.longitude] as [number, number]);
    if (points.length === 0) return;
    // Without a size (hidden on a phone) a fit means nothing: it waits for the map to show (which only a
    // browser with ResizeObserver can tell).
    const el = container.current;
    s.pendingFit =
      typeof ResizeObserver !== 'undefined' && el !== null && (el.clientWidth === 0 || el.clientHeight === 0);
    if (s.pendingFit) return;
    s.fitting = s.fits > 0;
    s.fits += 1;
    try {
      if (latest.current.mode === 'center') {
        map.setView(points[0]!, latest.current.zoom, { animate: false });
      } else if (points.length === 1) {
        map.setView(points[0]!, 12, { animate: false });
      } else {
        // Room for the price labels, which sit above their point.
        map.fitBounds(L.latLngBounds(points), {
          paddingTopLeft: [56, 48],
          paddingBottomRight: [56, 16],
          maxZoom: 14,
          animate: false,
        });
      }
    } catch {
      // A map without a size (hidden on a phone) cannot fit yet.
    } finally {
      s.fitting = false;
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: markers are read through the ref.
  useEffect(() => {
    drawMarkers();
  }, [markers]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fit key (new results not driven by the map) refits.
  useEffect(() => {
    position();
  }, [fitKey]);

  // The map is hidden on a phone until asked for: when it becomes visible, Leaflet must measure again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `position` reads everything through refs.
  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let hidden = el.clientWidth === 0 || el.clientHeight === 0;
    const observer = new ResizeObserver(() => {
      state.current?.map.invalidateSize({ pan: false });
      const nowHidden = el.clientWidth === 0 || el.clientHeight === 0;
      // Shown at last: make the fit asked for while it had no size.
      if (hidden && !nowHidden && state.current?.pendingFit) position();
      hidden = nowHidden;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <section
      aria-label={label}
      className={['price-map', className ?? ''].filter(Boolean).join(' ')}
      style={{ height }}
    >
      <div ref={container} className="price-map__canvas" />
    </section>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
