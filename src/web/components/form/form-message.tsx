import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The form's banner above its fields. It takes the focus when `news` changes to something, so a
 * keyboard or screen-reader user hears the outcome of a submit.
 */
export function FormMessage({ news, children }: { news: unknown; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (news) ref.current?.focus();
  }, [news]);
  return (
    <div ref={ref} tabIndex={-1} className="mb-3 message-anchor">
      {children}
    </div>
  );
}
