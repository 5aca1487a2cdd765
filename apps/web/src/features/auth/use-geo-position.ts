import { useEffect, useRef } from 'react';

export interface GeoPosition {
  latitude: number;
  longitude: number;
}

/**
 * Asks the browser for the position once (SPEC §3 "Login": latitude, longitude) and keeps the
 * answer in a ref. Never blocks: until (or unless) the user allows it, the ref holds null and
 * the login sends null coordinates.
 */
export function useGeoPosition() {
  const position = useRef<GeoPosition | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return;
    let active = true;
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => {
          if (active) position.current = { latitude: p.coords.latitude, longitude: p.coords.longitude };
        },
        () => {
          // Refused or unavailable: the login goes without a position.
        },
        { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60_000 },
      );
    } catch {
      // Some embedded browsers throw instead of calling the error callback.
    }
    return () => {
      active = false;
    };
  }, []);
  return position;
}
