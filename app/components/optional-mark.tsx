/**
 * The 'Optional' beside a field's label. Its text is part of the label, after a comma only a
 * screen reader hears, so the field is announced as 'District, optional' rather than
 * 'DistrictOptional'.
 */
export function OptionalMark({ className, children }: { className?: string; children: string }) {
  return (
    <span className={className}>
      <span className="visually-hidden">, </span>
      {children}
    </span>
  );
}
