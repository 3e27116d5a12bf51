/** Longest search the location picker reads; anything longer is cut. Its own module: the picker's search field reads it in the browser. */
export const LOCATION_QUERY_MAX = 50;
