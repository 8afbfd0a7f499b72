/**
 * The deal's location on a Leaflet map (issue "Deals"): tiles from MAP_TILE_URL; hidden when
 * the deal has no coordinates or when the tiles cannot load (offline, blocked). Leaflet and its
 * CSS load only on pages that show a map, after hydration.
 */
import { useEffect, useRef, useState } from 'react';
import { cardClasses } from '~/components/ui/card';

export function DealMap({ lat, lng, title, tileUrl }: { lat: number; lng: number; title: string; tileUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let cleanup: (() => void) | undefined;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([L]) => {
      if (cancelled || !container.current) return;
      const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true }).setView([lat, lng], 13);
      let loaded = 0;
      const layer = L.tileLayer(tileUrl, { maxZoom: 18, attribution: '&copy; OpenStreetMap contributors' });
      layer.on('tileload', () => loaded++);
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

  if (failed) return null;
  return (
    <section aria-labelledby="deal-map" className={cardClasses('none', 'p-6')}>
      <h2 id="deal-map" className="text-xl">
        Location
      </h2>
      <div
        ref={container}
        role="img"
        aria-label={`Map of ${title}`}
        className="mt-4 h-72 overflow-hidden rounded-xl bg-navy-50"
      />
    </section>
  );
}
