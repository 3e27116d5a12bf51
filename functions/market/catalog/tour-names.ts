/** A tour's title and artist, as every view of an event names it in the viewer's language. */
export function tourNames(tour: { titleEn: string; titleZh: string; artistEn: string; artistZh: string }, zh: boolean) {
  return { title: zh ? tour.titleZh : tour.titleEn, artist: zh ? tour.artistZh : tour.artistEn };
}
