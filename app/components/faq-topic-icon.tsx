/** The help centre's topic icons: one line drawing per FAQ topic, drawn in currentColor. */
const PATHS: Record<string, string[]> = {
  orders: ["M5 4h14v16l-2.5-1.5L14 20l-2-1.5L10 20l-2.5-1.5L5 20Z", "M9 9h6M9 13h4"],
  payment: ["M3.5 7A1.5 1.5 0 0 1 5 5.5h14A1.5 1.5 0 0 1 20.5 7v10a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 17Z", "M3.5 10h17M7 15h3"],
  delivery: ["M4 8h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4Z", "M10 8v10"],
  refunds: ["M4 12a8 8 0 1 0 2.3-5.7", "M4 4v4h4", "M12 8v4l3 2"],
  account: ["M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z", "M4.5 20a7.5 7.5 0 0 1 15 0"],
};

export function FaqTopicIcon({ topic, className }: { topic: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      {(PATHS[topic] ?? PATHS.orders).map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
