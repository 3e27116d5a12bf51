/**
 * The floor Ovation's pages are measured against: a whole document of the same shape as a
 * catalogue screen (head, header, a list of tour cards, a tab bar) with no data, no router and
 * no i18n. Its size is set by the number of cards, which the bench calibrates so the HTML
 * weighs about what Ovation's home page weighs in the same run.
 */
const categories = ["Concerts", "Theatre", "Sports", "Comedy", "Family", "Festivals"];

function TourCard({ index }: { index: number }) {
  const id = 1000 + index;
  return (
    <li className="tour-card">
      <a href={`/tourDetail?id=${id}`}>
        <img src={`/images/tours/${id}.webp`} alt={`Tour ${id}`} width={96} height={128} loading="lazy" />
        <div className="tour-card__body">
          <h3 className="tour-card__title">World Tour {id}: Live in Concert</h3>
          <p className="tour-card__meta">
            <span>{categories[index % categories.length]}</span> · <time dateTime="2026-12-24">24 Dec 2026</time> · Hong Kong
          </p>
          <p className="tour-card__price">
            From <strong>HK$ {(480 + (index % 17) * 60).toLocaleString("en-US")}</strong>
          </p>
        </div>
      </a>
    </li>
  );
}

export function Page({ cards }: { cards: number }) {
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <title>Ovation baseline</title>
      </head>
      <body>
        <header className="top-bar">
          <a href="/">Ovation</a>
          <form action="/search" method="get">
            <input type="search" name="keyword" placeholder="Search tours, artists, venues" />
          </form>
        </header>
        <main>
          <nav className="categories">
            {categories.map((name) => (
              <a key={name} href={`/show-list?category=${name.toLowerCase()}`}>
                {name}
              </a>
            ))}
          </nav>
          <ul className="tour-list">
            {Array.from({ length: cards }, (_, index) => (
              <TourCard key={index} index={index} />
            ))}
          </ul>
        </main>
        <nav className="tab-bar">
          <a href="/">Home</a>
          <a href="/show-list">Shows</a>
          <a href="/news">News</a>
          <a href="/mine">Mine</a>
        </nav>
      </body>
    </html>
  );
}
