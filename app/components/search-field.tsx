/**
 * The search field at the top of home, Explore and the search screen. Without JavaScript it is a
 * plain GET form to /search. With it, the first focus loads the suggestions (search-combobox.tsx,
 * its own chunk: decision 293), which make this same input a WAI-ARIA combobox; until then, and
 * should it fail to load, the form still submits. Only this form is on a page's first visit.
 */
import { Form } from "react-router";
import { useRef, useState, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_KEYWORD_MAX } from "@market/search/results";
import type { SearchComboboxProps } from "./search-combobox";
import styles from "./search-field.module.css";

interface SearchFieldProps {
  defaultValue?: string;
  /** The id of the message saying why the search was refused. */
  invalid?: string;
}

/** A new keyword searches every group: the group chips of the search screen narrow its results after. */
export function SearchField({ defaultValue = "", invalid }: SearchFieldProps) {
  const { t } = useTranslation("discover");
  const input = useRef<HTMLInputElement>(null);
  const [Combobox, setCombobox] =
    useState<ComponentType<SearchComboboxProps> | null>(null);

  // The browser fetches the chunk once, however often the field is focused before it arrives.
  const enhance = () => {
    if (Combobox) return;
    import("./search-combobox").then(
      (loaded) => setCombobox(() => loaded.SearchCombobox),
      () => {
        // The form still submits: suggestions are a help, not the way.
      },
    );
  };

  return (
    // The form is the field's pill, and holds the suggestions under it.
    <Form method="get" action="/search" role="search" className={styles.field}>
      {/* Its magnifier is drawn by the stylesheet: this form is on every first visit, its script kept small. */}
      <button type="submit" className={styles.submit} aria-label={t("search.submit")} />
      <input
        ref={input}
        type="search"
        name="keyword"
        defaultValue={defaultValue}
        maxLength={SEARCH_KEYWORD_MAX}
        placeholder={t("search.placeholder")}
        aria-label={t("search.label")}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid}
        autoComplete="off"
        className={styles.input}
        onFocus={enhance}
      />
      {Combobox ? <Combobox input={input} /> : null}
    </Form>
  );
}
