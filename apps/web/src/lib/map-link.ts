/**
 * OpenStreetMap links: a point the member gave, or a search for a place's words. Links only: no
 * tiles are loaded and no geocoder is called by Glimpse itself.
 */
export const pointMapUrl = (latitude: number, longitude: number) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;

export const placeSearchMapUrl = (words: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(words.replace(/\s+/g, ' ').trim())}`;
