/**
 * A transaction type label: issued types green with "+", the others orange with "−", so the
 * meaning never rests on colour alone. Both colour pairs pass WCAG AA (styles.css).
 */
export function TypeBadge({ label, issued }: { label: string; issued: boolean }) {
  return (
    <span className={`type-badge ${issued ? 'type-badge-issued' : 'type-badge-other'}`}>
      <span aria-hidden="true" className="type-badge-icon">
        {issued ? '+' : '−'}
      </span>
      {label}
    </span>
  );
}
