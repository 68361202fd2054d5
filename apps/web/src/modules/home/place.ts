/**
 * The user's last place in the tree (enterprise, circle or project). The server remembers it through
 * `PUT {type}s/{id}/enter` but offers no call to read it back, so the web keeps a copy per user in
 * localStorage as well (and restores from that copy).
 */
export interface Place {
  type: 'enterprise' | 'circle' | 'project';
  id: string;
}

const key = (userId: string) => `lintel.home.place.${userId}`;

export function readPlace(userId: string): Place | null {
  try {
    const value = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as Partial<Place> | null;
    if (
      value &&
      typeof value.id === 'string' &&
      (value.type === 'enterprise' || value.type === 'circle' || value.type === 'project')
    ) {
      return { type: value.type, id: value.id };
    }
  } catch {
    // A broken entry reads as none.
  }
  return null;
}

export function writePlace(userId: string, place: Place): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(place));
  } catch {
    // Storage full or disabled: the place is simply not remembered on this device.
  }
}
