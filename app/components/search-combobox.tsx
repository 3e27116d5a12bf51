/**
 * Suggestions under the search field, loaded when the field is first focused (search-field.tsx):
 * the field's own input becomes a WAI-ARIA combobox (role=combobox, aria-expanded, aria-controls,
 * aria-activedescendant) over a listbox of grouped options. ArrowDown/ArrowUp move through the
 * options, Enter opens the active one (or, with none active, submits the search), Escape closes
 * the list and, once closed, clears the field; a polite live region says how many suggestions
 * there are. Empty, the field offers this device's recent searches (clearable) and the popular
 * ones. As the buyer types, suggestions follow a short pause; a request the next keystroke makes
 * stale is aborted, and while a new one is on its way the last suggestions stay on screen.
 */
import { useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { pageRequests } from "~/platform/page-requests";
import { deviceStore } from "~/platform/device-store";
import { clearRecentSearches, readRecentSearches, rememberSearch } from "~/platform/recent-searches";
import { SEARCH_KEYWORD_MAX, type PopularSearches, type SearchResults } from "@market/search/results";
import type { loader as rootLoader } from "~/root";
import styles from "./search-combobox.module.css";
import { tourHref } from "./tour-href";

export interface SearchComboboxProps {
  input: RefObject<HTMLInputElement>;
}

/** How long typing pauses before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Results asked for per group: enough to choose from on a phone's screen above its keyboard. */
const SUGGEST_PAGE_SIZE = 5;
/** Options drawn of each group. */
const SHOWN = { artists: 3, shows: 4, venues: 2, cities: 2 } as const;

type OptionKind = "recent" | "popular" | "artist" | "show" | "venue" | "city" | "all";

interface Option {
  kind: OptionKind;
  label: string;
  detail?: string;
  href: string;
  /** The search this option stands for, kept among the recent ones when it is chosen. */
  keyword: string;
  posterUrl?: string;
}

interface OptionGroup {
  key: string;
  label: string | null;
  options: Option[];
}

const searchAddress = (keyword: string) => `/search?${new URLSearchParams({ keyword })}`;

/** The groups an answer offers, best first, and the whole search last. */
function suggestionGroups(typed: string, results: SearchResults, t: TFunction<"discover">): OptionGroup[] {
  const groups: OptionGroup[] = [
    {
      key: "artists",
      label: t("search.groups.artists"),
      options: results.artists.list.slice(0, SHOWN.artists).map((artist) => ({
        kind: "artist",
        label: artist.name,
        detail: t("search.tours", { count: artist.tours }),
        href: tourHref(artist.tourId),
        keyword: typed,
        posterUrl: artist.posterUrl,
      })),
    },
    {
      key: "shows",
      label: t("search.groups.shows"),
      options: results.shows.list.slice(0, SHOWN.shows).map((show) => ({
        kind: "show",
        label: show.title,
        detail: `${show.venue.name} · ${show.city.name}`,
        href: tourHref(show.tourId),
        keyword: typed,
        posterUrl: show.posterUrl,
      })),
    },
    {
      key: "venues",
      label: t("search.groups.venues"),
      options: results.venues.list.slice(0, SHOWN.venues).map((venue) => ({
        kind: "venue",
        label: venue.name,
        detail: venue.city.name,
        href: `/search?${new URLSearchParams({ keyword: venue.name, type: "shows" })}`,
        keyword: venue.name,
      })),
    },
    {
      key: "cities",
      label: t("search.groups.cities"),
      options: results.cities.list.slice(0, SHOWN.cities).map((city) => ({
        kind: "city",
        label: city.name,
        detail: t("search.upcoming", { count: city.upcomingShows }),
        href: `/show-list?${new URLSearchParams({ cityCode: city.code })}`,
        keyword: typed,
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

/** What the empty field offers: this device's searches, then the popular ones it has not made. */
function emptyFieldGroups(recent: string[], popular: PopularSearches | null, t: TFunction<"discover">): OptionGroup[] {
  const made = new Set(recent.map((keyword) => keyword.toLowerCase()));
  const option = (kind: "recent" | "popular") => (keyword: string) => ({ kind, label: keyword, href: searchAddress(keyword), keyword });
  return [
    { key: "recent", label: t("search.recent"), options: recent.map(option("recent")) },
    { key: "popular", label: t("search.popular"), options: (popular?.keywords ?? []).filter((keyword) => !made.has(keyword.toLowerCase())).map(option("popular")) },
  ].filter((group) => group.options.length > 0);
}

export function SearchCombobox({ input }: SearchComboboxProps) {
  const { t } = useTranslation("discover");
  const navigate = useNavigate();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const id = useId();
  const listboxId = `${id}listbox`;
  const popup = useRef<HTMLDivElement>(null);

  const [open, setOpen] = useState(() => typeof document !== "undefined" && document.activeElement === input.current);
  const [typed, setTyped] = useState(() => input.current?.value ?? "");
  const [active, setActive] = useState(-1);
  // The last answer, kept on screen while the next is on its way.
  const [answer, setAnswer] = useState<{ keyword: string; results: SearchResults } | null>(null);
  const [state, setState] = useState<"idle" | "waiting" | "failed">("idle");
  const [recent, setRecent] = useState<string[]>(() => readRecentSearches(deviceStore("local")));
  const [popular, setPopular] = useState<PopularSearches | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const keyword = typed.trim().replace(/\s+/g, " ").slice(0, SEARCH_KEYWORD_MAX);
  const headers = useMemo(() => {
    const header: Record<string, string> = {};
    if (root?.language) header.lan = root.language;
    if (root?.currency) header.cc = root.currency;
    return header;
  }, [root?.language, root?.currency]);

  // The popular searches, once: what the empty field offers beside the device's own.
  useEffect(() => {
    const controller = new AbortController();
    pageRequests()
      .request<PopularSearches | null>({ url: "/pub/home/v1/search/popular", header: headers, noToast: true, signal: controller.signal })
      .then((body) => {
        if (body.statusCode === 200 && body.data) setPopular(body.data);
      })
      .catch(() => {
        // Without them the empty field offers the recent searches alone.
      });
    return () => controller.abort();
  }, [headers]);

  // Suggestions for what is typed, after a pause; the request for an older keyword is stale, so dropped.
  useEffect(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    if (keyword === "") {
      setState("idle");
      return;
    }
    const timer = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      setState("waiting");
      const query = new URLSearchParams({ keyword, pageSize: String(SUGGEST_PAGE_SIZE) });
      pageRequests()
        .request<SearchResults | null>({ url: `/pub/home/v1/search?${query}`, header: headers, importance: "high", noToast: true, signal: controller.signal })
        .then((body) => {
          if (controller.signal.aborted) return;
          if (body.statusCode !== 200 || !body.data) throw new Error(`search answered ${body.statusCode}`);
          setAnswer({ keyword, results: body.data });
          setState("idle");
        })
        .catch(() => {
          if (!controller.signal.aborted) setState("failed");
        })
        .finally(() => {
          if (inFlight.current === controller) inFlight.current = null;
        });
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, headers]);
  useEffect(() => () => inFlight.current?.abort(), []);

  const groups = useMemo(() => {
    if (keyword === "") return emptyFieldGroups(recent, popular, t);
    const found = answer ? suggestionGroups(keyword, answer.results, t) : [];
    return [...found, { key: "all", label: null, options: [{ kind: "all" as const, label: t("search.seeAll", { keyword }), href: searchAddress(keyword), keyword }] }];
  }, [keyword, answer, recent, popular, t]);
  const options = groups.flatMap((group) => group.options);
  const optionId = (index: number) => `${id}option-${index}`;
  const expanded = open && options.length > 0;

  // The newest handlers for the input's listeners, which are added once.
  const latest = useRef({ options, active, expanded });
  latest.current = { options, active, expanded };

  const choose = (option: Option) => {
    setRecent(rememberSearch(deviceStore("local"), option.keyword));
    setOpen(false);
    setActive(-1);
    navigate(option.href);
  };
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  // The field becomes the combobox for as long as this is mounted.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const form = field.form;
    field.setAttribute("role", "combobox");
    field.setAttribute("aria-autocomplete", "list");
    field.setAttribute("aria-controls", listboxId);
    field.setAttribute("aria-haspopup", "listbox");

    const onInput = () => {
      setTyped(field.value);
      setActive(-1);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onFocusOut = (event: FocusEvent) => {
      // Focus moving into the list (its Clear button) keeps it open.
      if (event.relatedTarget instanceof Node && popup.current?.contains(event.relatedTarget)) return;
      setOpen(false);
      setActive(-1);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { options, active, expanded } = latest.current;
      const count = options.length;
      switch (event.key) {
        case "ArrowDown":
          event.preventDefault();
          setOpen(true);
          if (count > 0) setActive(!expanded ? 0 : (active + 1) % count);
          return;
        case "ArrowUp":
          event.preventDefault();
          setOpen(true);
          if (count > 0) setActive(!expanded || active <= 0 ? count - 1 : active - 1);
          return;
        case "Enter":
          if (expanded && active >= 0 && options[active]) {
            event.preventDefault();
            chooseRef.current(options[active]);
          }
          // With no option active, Enter submits the form: the results page.
          return;
        case "Escape":
          // First Escape closes the list; the next clears the field (the browser's own clearing is replaced).
          event.preventDefault();
          if (expanded) {
            setOpen(false);
            setActive(-1);
          } else if (field.value !== "") {
            field.value = "";
            setTyped("");
          }
          return;
        case "Tab":
          setOpen(false);
          setActive(-1);
          return;
        default:
      }
    };
    const onSubmit = () => {
      setRecent(rememberSearch(deviceStore("local"), field.value));
      setOpen(false);
    };

    field.addEventListener("input", onInput);
    field.addEventListener("focus", onFocus);
    field.addEventListener("focusout", onFocusOut);
    field.addEventListener("keydown", onKeyDown);
    form?.addEventListener("submit", onSubmit);
    return () => {
      field.removeEventListener("input", onInput);
      field.removeEventListener("focus", onFocus);
      field.removeEventListener("focusout", onFocusOut);
      field.removeEventListener("keydown", onKeyDown);
      form?.removeEventListener("submit", onSubmit);
      for (const name of ["role", "aria-autocomplete", "aria-controls", "aria-haspopup", "aria-expanded", "aria-activedescendant"]) field.removeAttribute(name);
    };
  }, [input, listboxId]);

  // The combobox's state, said on the input.
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.setAttribute("aria-expanded", String(expanded));
    if (expanded && active >= 0) {
      field.setAttribute("aria-activedescendant", optionId(active));
      document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    } else {
      field.removeAttribute("aria-activedescendant");
    }
  });

  const found = answer?.keyword === keyword && state === "idle" ? options.length - 1 : null;
  const announcement =
    keyword === "" || !open ? "" : state === "failed" ? t("search.offline") : found === null ? "" : found > 0 ? t("search.count", { count: found }) : t("search.none", { keyword });

  let index = -1;
  return (
    <>
      <div
        ref={popup}
        className={styles.popup}
        hidden={!expanded}
        data-waiting={state === "waiting" || undefined}
        // A press on an option must not take focus from the field first (which would close the list).
        onPointerDown={(event) => {
          if (!(event.target instanceof Element && event.target.closest("button"))) event.preventDefault();
        }}
      >
        <div role="listbox" id={listboxId} aria-label={t("search.suggestions")} aria-busy={state === "waiting"} className={styles.listbox}>
          {groups.map((group) => (
            <div key={group.key} role="group" aria-labelledby={group.label ? `${id}group-${group.key}` : undefined} className={styles.group} data-kind={group.key}>
              {group.label ? (
                <div role="presentation" id={`${id}group-${group.key}`} className={styles.groupLabel}>
                  {group.label}
                </div>
              ) : null}
              {group.options.map((option) => {
                index += 1;
                const at = index;
                return (
                  <div
                    key={`${option.kind}-${option.href}-${option.label}`}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === active}
                    className={styles.option}
                    data-kind={option.kind}
                    onClick={() => choose(option)}
                    onPointerMove={() => setActive(at)}
                  >
                    <OptionIcon option={option} />
                    <span className={styles.optionText}>
                      <span className={styles.optionLabel}>{option.label}</span>
                      {option.detail ? <span className={styles.optionDetail}>{option.detail}</span> : null}
                    </span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {keyword === "" && recent.length > 0 ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={t("search.clearRecentLabel")}
            onClick={() => {
              clearRecentSearches(deviceStore("local"));
              setRecent([]);
              setActive(-1);
              input.current?.focus();
            }}
          >
            {t("search.clearRecent")}
          </button>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
    </>
  );
}

const ICONS: Record<Exclude<OptionKind, "artist" | "show">, ReactNode> = {
  recent: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v4l3 2" />
    </>
  ),
  popular: <path d="M4 16l5-5 4 4 7-7M15 8h5v5" />,
  venue: <path d="M4 20h16M6 20V9l6-4 6 4v11M10 20v-5h4v5" />,
  city: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21Z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  all: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </>
  ),
};

function OptionIcon({ option }: { option: Option }) {
  if (option.posterUrl) {
    return (
      <span className={styles.thumb}>
        <img src={option.posterUrl} alt="" width={30} height={40} loading="lazy" decoding="async" />
      </span>
    );
  }
  return (
    <span className={styles.icon}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {ICONS[option.kind as keyof typeof ICONS]}
      </svg>
    </span>
  );
}
