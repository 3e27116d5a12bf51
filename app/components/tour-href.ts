/**
 * A tour's page, /tourDetail?id={tourId}: a module of its own so a screen that links to tours
 * without drawing tour cards does not download the card (its poster, price and dates).
 */
export function tourHref(tourId: number): string {
  return `/tourDetail?id=${tourId}`;
}
