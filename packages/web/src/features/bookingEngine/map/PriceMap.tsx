import { hasMapArea } from '@tern/core/bookingEngine';
import type * as Leaflet from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { type MapItem, markerClusters } from './clusters';
import './PriceMap.css';

export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  /** What the marker shows (a price), or `null` for a plain pin. */
  label: string | null;
  /** The marker's accessible name. */
  title: string;
  /** The price as a number, for a cluster's lowest price. */
  amount?: number | null;
  isActive?: boolean;
}

/** What a cluster shows and is named: its count and its lowest price (its cheapest marker). */
export type ClusterText = (count: number, lowest: MapMarker | null) => { label: string; title: string };

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
   * Cluster markers that would overlap (the search map): a cluster shows `label`, is named `title`, and zooms in
   * on click or Enter. Without it every marker stands alone (the property page's one pin).
   */
  clusterText?: ClusterText;
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
  clusterText,
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
  const callbacks = useRef({ onMarkerSelect, onBoundsChange, clusterText });
  callbacks.current = { onMarkerSelect, onBoundsChange, clusterText };
  const clusters = useMemo(() => (clusterText ? markerClusters(markers) : null), [markers, clusterText]);
  const latest = useRef({ markers, mode, zoom, clusters });
  latest.current = { markers, mode, zoom, clusters };

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
        if (!s) return;
        // Another zoom may group the markers differently.
        if (latest.current.clusters) drawMarkers();
        if (s.fitting || !hasSize()) return;
        const b = map.getBounds();
        const bounds = { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
        // A map without a size (hidden on a phone) reports a box of zero area: never a place to search.
        if (hasMapArea(bounds)) callbacks.current.onBoundsChange?.(bounds);
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

  /** Whether the map takes room on the page (on a phone it is hidden until asked for). */
  function hasSize(): boolean {
    const el = container.current;
    return el !== null && el.clientWidth > 0 && el.clientHeight > 0;
  }

  function drawMarkers() {
    const s = state.current;
    if (!s) return;
    const { layer, map } = s;
    // New results redraw the markers: the keyboard stays on the marker it was on.
    const focused = container.current?.querySelector<HTMLElement>('[data-marker]:focus')?.dataset.marker;
    layer.clearLayers();
    const { markers: all, clusters: grouped } = latest.current;
    const items: MapItem[] = grouped
      ? grouped.at(map.getZoom())
      : all.map((marker) => ({ kind: 'marker', marker }));
    for (const item of items) {
      if (item.kind === 'cluster') drawCluster(s, item);
      else drawMarker(s, item.marker);
    }
    if (focused)
      container.current
        ?.querySelector<HTMLElement>(`[data-marker="${CSS.escape(focused)}"]`)
        ?.focus({ preventScroll: true });
  }

  function drawMarker(s: NonNullable<typeof state.current>, m: MapMarker) {
    const { L, layer } = s;
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
    const select = () => callbacks.current.onMarkerSelect?.(m.id);
    marker.on('click', select);
    marker.addTo(layer);
    const el = marker.getElement();
    el?.setAttribute('aria-label', m.title);
    el?.setAttribute('data-marker', m.id);
    if (!callbacks.current.onMarkerSelect) el?.setAttribute('aria-hidden', 'true');
    else if (el) pressable(el, select);
  }

  /** A cluster: its count and lowest price; a click (or Enter, Leaflet's keyboard markers) zooms in on it. */
  function drawCluster(s: NonNullable<typeof state.current>, c: Extract<MapItem, { kind: 'cluster' }>) {
    const { L, layer, map } = s;
    const text = callbacks.current.clusterText?.(c.count, c.lowest);
    if (!text) return;
    const marker = L.marker([c.latitude, c.longitude], {
      icon: L.divIcon({
        className: 'price-marker price-marker--cluster',
        html: `<span><span class="price-marker__count">${c.count}</span> ${escapeHtml(text.label)}</span>`,
        iconSize: null as unknown as undefined,
      }),
      keyboard: true,
      title: text.title,
      riseOnHover: true,
      zIndexOffset: 500,
    });
    const zoomIn = () => {
      map.setView([c.latitude, c.longitude], Math.min(c.expansionZoom, map.getMaxZoom()));
      // The cluster is gone at the new zoom: keep the keyboard on the map.
      container.current?.focus({ preventScroll: true });
    };
    marker.on('click', zoomIn);
    marker.addTo(layer);
    const el = marker.getElement();
    el?.setAttribute('aria-label', text.title);
    el?.setAttribute('data-marker', c.key);
    if (el) pressable(el, zoomIn);
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
  }, [clusters, markers]);

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
      // A new size is not the user moving the map: its `moveend` is not reported (showing the map on a phone
      // searched the area it happened to show, and hiding it again wrote that area into the URL).
      const s = state.current;
      if (s) {
        const fitting = s.fitting;
        s.fitting = true;
        try {
          s.map.invalidateSize({ pan: false });
        } finally {
          s.fitting = fitting;
        }
      }
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

/** Leaflet's keyboard markers are focusable buttons that Enter and Space do not press: they do here. */
function pressable(el: HTMLElement, press: () => void) {
  el.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    press();
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
