/**
 * Intl.DateTimeFormat, built once per language and options and then reused. Building one costs
 * far more than formatting with it (it resolves the locale and loads the time zone's rules): a
 * page of twenty tour cards built a hundred of them and spent more time there than React took to
 * render the page, on the server and again while the browser hydrated. The set of languages,
 * zones and option shapes in use is small, so the cache stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, options);
    formats.set(key, found);
  }
  return found;
}
