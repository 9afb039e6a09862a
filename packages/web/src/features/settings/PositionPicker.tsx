import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * The property's position (document 2 §3: set by dragging a map marker): a Leaflet map (loaded when the page
 * opens) with a draggable pin, and the latitude and longitude as fields — the keyboard's and screen reader's
 * way to set it, kept in step with the pin.
 */
export function PositionPicker({
  value,
  onChange,
}: {
  value: Position | null;
  onChange: (position: Position) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const marker = useRef<Leaflet.Marker | null>(null);
  const map = useRef<Leaflet.Map | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const start = useRef(value ?? { latitude: 64.1466, longitude: -21.9426 });
  const [text, setText] = useState({
    latitude: value ? String(value.latitude) : '',
    longitude: value ? String(value.longitude) : '',
  });

  useEffect(() => {
    let live = true;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css').catch(() => undefined)]).then(
      ([L]) => {
        if (!live || !box.current) return;
        const at: [number, number] = [start.current.latitude, start.current.longitude];
        const m = L.map(box.current, { center: at, zoom: 13 });
        L.tileLayer(TILES, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(m);
        const pin = L.marker(at, {
          draggable: true,
          keyboard: true,
          title: t('property_details.marker'),
          icon: L.divIcon({
            className: 'position-pin',
            html: '<span aria-hidden="true">📍</span>',
            iconSize: [28, 28],
          }),
        }).addTo(m);
        pin.on('dragend', () => {
          const p = pin.getLatLng();
          const next = { latitude: Number(p.lat.toFixed(6)), longitude: Number(p.lng.toFixed(6)) };
          setText({ latitude: String(next.latitude), longitude: String(next.longitude) });
          change.current(next);
        });
        map.current = m;
        marker.current = pin;
      },
    );
    return () => {
      live = false;
      map.current?.remove();
      map.current = null;
    };
  }, [t]);

  /** A typed value moves the pin once both fields hold numbers. */
  const typed = (field: 'latitude' | 'longitude', input: string) => {
    const nextText = { ...text, [field]: input };
    setText(nextText);
    const latitude = Number(nextText.latitude);
    const longitude = Number(nextText.longitude);
    if (nextText.latitude.trim() === '' || nextText.longitude.trim() === '') return;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return;
    change.current({ latitude, longitude });
    marker.current?.setLatLng([latitude, longitude]);
    map.current?.panTo([latitude, longitude]);
  };
  return (
    <fieldset className="stack">
      <legend>{t('property_details.position')}</legend>
      <div ref={box} className="position-map" role="application" aria-label={t('property_details.map')} />
      <div className="admin-form__grid">
        <TextField
          label={t('property_details.latitude')}
          inputMode="text"
          value={text.latitude}
          onChange={(input) => typed('latitude', input)}
        />
        <TextField
          label={t('property_details.longitude')}
          inputMode="text"
          value={text.longitude}
          onChange={(input) => typed('longitude', input)}
        />
      </div>
    </fieldset>
  );
}
