/**
 * The date filter of the show list as it arrives in a query string or a form: either a preset
 * or a custom from/to pair of 'YYYY-MM-DD' days, or nothing. The API and the web parse it with
 * the same schema; its messages are keys in the `errors` locale namespace.
 */
import * as z from "zod";
import { DATE_PRESETS, customRange, datePresetRange, type DateRange } from "./date-presets";
import { parsePlainDate } from "./plain-date";

export const DATE_FILTER_MESSAGES = {
  invalidPreset: "dateFilter.invalidPreset",
  invalidDate: "dateFilter.invalidDate",
  rangeIncomplete: "dateFilter.rangeIncomplete",
  rangeOrder: "dateFilter.rangeOrder",
  presetAndRange: "dateFilter.presetAndRange",
} as const;

const day = z
  .string({ error: DATE_FILTER_MESSAGES.invalidDate })
  .refine((text) => parsePlainDate(text) !== undefined, { error: DATE_FILTER_MESSAGES.invalidDate });

/**
 * `{ preset }`, `{ from, to }` or `{}`. Refuses an unknown preset, a day that is malformed or not
 * real, a range missing one end, a range whose `to` is before its `from`, and a preset together
 * with a range. Unknown keys are dropped.
 */
export const dateFilterSchema = z
  .object({
    preset: z.enum(DATE_PRESETS, { error: DATE_FILTER_MESSAGES.invalidPreset }).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((filter, ctx) => {
    if (filter.preset !== undefined && (filter.from !== undefined || filter.to !== undefined)) {
      ctx.addIssue({ code: "custom", message: DATE_FILTER_MESSAGES.presetAndRange, path: ["preset"] });
    }
    if ((filter.from === undefined) !== (filter.to === undefined)) {
      const missing = filter.from === undefined ? "from" : "to";
      ctx.addIssue({ code: "custom", message: DATE_FILTER_MESSAGES.rangeIncomplete, path: [missing] });
    }
    if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
      ctx.addIssue({ code: "custom", message: DATE_FILTER_MESSAGES.rangeOrder, path: ["to"] });
    }
  });

export type DateFilter = z.infer<typeof dateFilterSchema>;

/**
 * The range a parsed filter selects for a viewer at `now` in `timeZone`, or null when it selects
 * no dates (no filter). Throws RangeError for an unknown time zone.
 */
export function dateFilterRange(filter: DateFilter, now: number, timeZone: string): DateRange | null {
  if (filter.preset) return datePresetRange(filter.preset, now, timeZone);
  if (filter.from !== undefined && filter.to !== undefined) return customRange(filter.from, filter.to, timeZone);
  return null;
}
