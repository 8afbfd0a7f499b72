/**
 * The deal's location on a Leaflet map (issue "Deals"): tiles from MAP_TILE_URL. When the tiles
 * cannot load (offline, blocked) or before the page is interactive, `fallback` shows instead
 * (issue "Investing": a designed fallback). Leaflet and its CSS load only on pages that show a
 * map, after hydration.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function DealMap({
  lat,
  lng,
  title,
  tileUrl,
  fallback,
}: {
  lat: number;
  lng: number;
  title: string;
  tileUrl: string;
  fallback: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // The map replaces the fallback once its first tile has loaded.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([L]) => {
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true }).setView([lat, lng], 13);
      let loaded = 0;
      const layer = L.tileLayer(tileUrl, { maxZoom: 18, attribution: '&copy; OpenStreetMap contributors' });
      layer.on('tileload', () => {
        loaded++;
        setLoaded(true);
      });
      layer.on('tileerror', () => {
        if (loaded === 0) setFailed(true);
      });
      layer.addTo(map);
      L.circleMarker([lat, lng], { radius: 10, color: '#b8862f', weight: 3, fillColor: '#11203a', fillOpacity: 0.9 })
        .addTo(map)
        .bindTooltip(title);
      cleanup = () => map.remove();
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [lat, lng, tileUrl, title]);

  return (
    <>
      {(!loaded || failed) && fallback}
      {!failed && (
        <div
          ref={container}
          role="img"
          aria-label={`Map of ${title}`}
          // Laid out (Leaflet needs a size) but out of sight until a tile has loaded.
          className={
            loaded ? 'mt-4 h-72 overflow-hidden rounded-xl bg-navy-50' : 'pointer-events-none absolute h-72 w-72 opacity-0'
          }
          aria-hidden={loaded ? undefined : true}
        />
      )}
    </>
  );
}
