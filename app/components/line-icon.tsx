/**
 * The outline icons of the Me and About menus: one 24-unit stroke drawing per name, so a menu
 * row and the same destination elsewhere always carry the same picture.
 */
export const LINE_ICONS = {
  terms: ["M7 3h7l4 4v14H7Z", "M14 3v4h4", "M10 12h5M10 16h5"],
  privacy: ["M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6Z", "M10 11V9.5a2 2 0 1 1 4 0V11", "M9 11h6v4H9Z"],
  mail: ["M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5Z", "m4.5 6 7.5 6 7.5-6"],
  guarantee: ["M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6Z", "m9 12 2 2 4-4"],
} as const satisfies Record<string, readonly string[]>;

export function LineIcon({ paths, className }: { paths: readonly string[]; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
